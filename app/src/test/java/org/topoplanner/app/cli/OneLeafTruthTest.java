package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.slurm.TopologyConfReader;
import org.topoplanner.importers.slurm.TopologyConfWriter;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.design.ClusterDesigner;
import org.topoplanner.model.design.FabricDesign;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.project.ProjectCodec;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/**
 * One truth per topology: on a rail-optimised fabric (8 rail leaves per scalable unit, every host on all
 * 8), the slurm-tree emulation, the metrics and the exported topology.conf agree that a job inside one
 * scalable unit spans one leaf, and {@code --switches=1} is met.
 */
class OneLeafTruthTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void emulationMetricsAndExportCountTheSameLeavesOnARailFabric(@TempDir Path dir) throws Exception {
        FabricDesign rails = new FabricDesign(FabricDesign.Kind.RAIL_OPTIMISED, 16, 8, 16, 4, 0, 8, 8, LinkSpeed.NDR,
                "gpu");
        Cluster cluster = ClusterDesigner.design("rails", rails, ShippedData.template(NodeTemplate.EXAMPLE_2S16C_8GPU));
        Path project = dir.resolve("rails.topoplanner.json");
        new ProjectCodec().save(ProjectDocument.of(cluster), project);
        CommandLineTest.Run r = CommandLineTest.run("place", "--cluster", project.toString(), "--policy", "slurm-tree",
                "--json", "--", "-N", "4", "--gpus-per-node=8", "--switches=1");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode out = JSON.readTree(r.out());
        List<String> hosts = out.findValuesAsText("host").stream().distinct().toList();
        assertThat(hosts).hasSize(4);
        assertThat(out.findPath("leaves").asInt()).as("metrics: " + r.out()).isEqualTo(1);
        assertThat(r.out()).as("slurm-tree's own account").doesNotContain("more than --switches")
                .containsPattern("leaves su\\d+\"");

        Fabric written = new TopologyConfReader().read(new SourceText("topology.conf",
                new TopologyConfWriter().write(cluster))).part().fabric();
        Set<String> leaves = new HashSet<>();
        hosts.forEach(h -> leaves.addAll(written.switchesOf(h)));
        assertThat(leaves).as("leaves of the exported topology.conf").hasSize(1);
    }
}
