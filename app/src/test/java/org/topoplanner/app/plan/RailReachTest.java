package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.app.desktop.inspector.JobProperties;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.ibnet.IbnetdiscoverReader;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.resources.ShippedData;

/** Rails counted as rails, leaves as leaves (rail-32x8.ibnetdiscover, see src/test/resources/inputs/PROVENANCE.md). */
class RailReachTest {

    private static Fabric rail() throws Exception {
        Path file = Path.of(RailReachTest.class.getResource("/inputs/rail-32x8.ibnetdiscover").toURI());
        return new IbnetdiscoverReader().read(new SourceText(file.toString(), Files.readString(file))).part().fabric();
    }

    @Test
    void aJobOnEveryRailOfARailOptimisedFabricSaysEightRailsNotOneLeaf() throws Exception {
        Fabric f = rail();
        List<String> hosts = f.hosts().stream().map(h -> h.name()).sorted().limit(4).toList();
        RailReach r = RailReach.of(f, hosts);
        assertThat(r.railOptimised()).isTrue();
        assertThat(r.physicalLeaves()).hasSize(8);
        assertThat(r.units()).containsExactly("su1");
        assertThat(r.words(JobProperties::hostlist)).isEqualTo("8 rails in 1 scalable unit  (su1; rail leaves leaf[01-08])");
    }

    @Test
    void onAFatTreeLeavesAreLeaves() {
        Fabric f = ShippedData.exampleCluster().fabric();
        RailReach r = RailReach.of(f, List.of("node01", "node02", "node09"));
        assertThat(r.railOptimised()).isFalse();
        assertThat(r.words(JobProperties::hostlist)).isEqualTo("2  (leaf[1-2])");
    }
}
