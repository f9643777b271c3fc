package org.topoplanner.importers.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.model.project.ProjectCodec;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.model.project.ViewState;

/**
 * The Slurm and Kubernetes settings are serialised in one shape: {@code inspect --json} prints them as
 * the project file stores them, and that shape holds every key the command-line reference lists for them.
 */
class InspectSettingsShapeTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void inspectPrintsTheSettingsAsTheProjectFileStoresThemWithCliMdsKeys() throws Exception {
        ImportOutcome read = ClusterImport.standard().importTexts(List.of(TestSamples.text("oracle/block32/slurm.conf"),
                TestSamples.text("oracle/block32/nodes.conf"), TestSamples.text("oracle/block32/gres.conf"),
                TestSamples.text("oracle/block32/topology.conf")),
                Optional.empty());
        JsonNode inspect = JSON.readTree(new InspectJsonWriter().write(read.cluster(), read.sources(), read.diagnostics()));
        JsonNode project = JSON.readTree(new ProjectCodec().write(
                new ProjectDocument(read.cluster(), List.of(), List.of(), ViewState.DEFAULT)));

        assertThat(inspect.get("slurm")).isEqualTo(project.at("/cluster/slurm"));
        assertThat(inspect.get("kubernetes")).isEqualTo(project.at("/cluster/kubernetes"));
        JsonNode lines = inspect.at("/slurm/nodeLines");
        JsonNode gres = inspect.at("/slurm/gres");
        assertThat(lines).isNotEmpty();
        assertThat(gres).isNotEmpty();
        lines.forEach(l -> assertThat(l.fieldNames()).toIterable()
                .contains("name", "sockets", "coresPerSocket", "threadsPerCore", "gres"));
        gres.forEach(g -> assertThat(g.fieldNames()).toIterable()
                .contains("nodes", "name", "type", "files", "cores", "links"));
        assertThat(inspect.get("kubernetes").fieldNames()).toIterable()
                .contains("hyperNodes", "topologies", "nodeLabels");
    }
}
