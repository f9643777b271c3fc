package org.topoplanner.importers.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.k8s.KueueTopologyReader;
import org.topoplanner.importers.k8s.KueueTopologyWriter;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.k8s.KueueTopology;
import org.topoplanner.model.project.ProjectDocument;

/**
 * A cluster of blocks alone (topology/block, no switch) keeps its blocks in the Kueue export: the
 * Topology's level above the hostname is the block label the node labels carry, and a job the plan keeps
 * inside one block is required to stay in one block.
 */
class KueueBlockLevelTest {

    @Test
    void theTopologyOfABlocksOnlyClusterHasTheBlockLevelAboveTheHostname() {
        Cluster c = ExportFixtures.blocksOnly().cluster();
        assertThat(KueueTopologyWriter.levels(c)).containsExactly("topoplanner.org/block", "kubernetes.io/hostname");
        assertThat(new KueueTopologyReader().read(new SourceText("k", new KueueTopologyWriter().write(c)))
                .part().kubernetes().topologies()).containsExactly(new KueueTopology("blocks-only",
                List.of("topoplanner.org/block", "kubernetes.io/hostname")));
    }

    @Test
    void aJobInsideOneBlockIsRequiredToStayInOneBlock() {
        ProjectDocument doc = ExportFixtures.blocksOnly();
        Map<String, Map<String, String>> labels = PlacementDomain.labels(doc.cluster());
        Placement blockA = doc.placements().get(0);
        assertThat(PlacementDomain.of(doc.cluster(), blockA, labels))
                .isEqualTo(new PlacementDomain(-1, "topoplanner.org/block"));
        Placement twoBlocks = new Placement("two", List.of(ExportFixtures.alloc("node04", "0", "0"),
                ExportFixtures.alloc("node05", "0", "0")));
        assertThat(PlacementDomain.of(doc.cluster(), twoBlocks, labels)).isEqualTo(new PlacementDomain(-1, null));
    }
}
