package org.topoplanner.importers.hardware;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.Samples;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.FabricBuilder;

/** Host groups on imported ibsim fabrics (samples/ibsim, copies of ../shared/fabrics/ibsim). */
class HostGroupsTest {
    @TempDir
    Path dir;

    private static Cluster fabric(String sample) {
        return ClusterImport.standard().importTexts(List.of(Samples.load(sample)), Optional.empty()).cluster();
    }

    @Test
    void railHostsWithEightPortsFormOneGroupByTheirPortPattern() {
        List<HostGroup> groups = HostGroups.of(fabric("ibsim/rail-32x8.ibnetdiscover"));

        assertThat(groups).singleElement().satisfies(g -> {
            assertThat(g.kind()).isEqualTo(HostGroup.Kind.PORT_PATTERN);
            assertThat(g.description()).isEqualTo("8 x mlx5 4xQDR ports on the fabric");
            assertThat(g.size()).isEqualTo(32);
            assertThat(g.hostlist()).isEqualTo("node[001-032]");
            assertThat(g.totals().gpus()).isZero();
        });
    }

    @Test
    void describedHostsGroupByWhatDescribesThemAndHostsWithoutCablesByNothing() throws Exception {
        Cluster partly = new HardwareAssignment(List.of(HardwareRule.parse("node[001-008]=workstation-4gpu",
                new ShippedTemplates()))).apply(fabric("ibsim/example-32.ibnetdiscover"), ExistingHardware.KEEP)
                .cluster();
        Cluster withLoose = new Cluster(partly.name(), extraHost(partly), partly.nodes(), partly.hosts(), null, null);

        List<HostGroup> groups = HostGroups.of(withLoose);

        assertThat(groups).extracting(HostGroup::kind).containsExactlyInAnyOrder(HostGroup.Kind.DESCRIBED,
                HostGroup.Kind.PORT_PATTERN, HostGroup.Kind.NOTHING);
        HostGroup described = kind(groups, HostGroup.Kind.DESCRIBED);
        assertThat(described.hostlist()).isEqualTo("node[001-008]");
        assertThat(described.description()).startsWith("the cluster's sources: 4 GPUs");
        assertThat(described.totals().gpus()).isEqualTo(32);
        assertThat(kind(groups, HostGroup.Kind.PORT_PATTERN).hostlist()).isEqualTo("node[009-032]");
        assertThat(kind(groups, HostGroup.Kind.NOTHING).hosts()).containsExactly("spare1");
    }

    @Test
    void aProposedFileNamingHostsMovesThemIntoTheirOwnGroup() throws Exception {
        Path hwloc = dir.resolve("hgx.xml");
        Files.writeString(hwloc, Samples.load("hwloc/generated/hgx-like-2s-4gpu-4nic-2nvswitch-lstopo-2.9-v2.xml")
                .text());
        Cluster bare = new Cluster("c", new FabricBuilder().addHost("hgx-test-01").addHost("hgx-test-02").build(),
                Map.of(), Map.of(), null, null);
        HardwareAssignment proposed = new HardwareAssignment(List.of(HardwareRule.parse("hgx-test-01=" + hwloc,
                HardwareTemplates.NONE)));

        List<HostGroup> groups = HostGroups.of(bare, proposed);

        assertThat(groups).hasSize(2);
        assertThat(groups.get(0).description()).startsWith(hwloc + ": 4 GPUs");
        assertThat(groups.get(0).hosts()).containsExactly("hgx-test-01");
        assertThat(groups.get(1).kind()).isEqualTo(HostGroup.Kind.NOTHING);
        assertThat(proposed.apply(bare, ExistingHardware.KEEP).totals().gpus()).isEqualTo(4);
    }

    private static HostGroup kind(List<HostGroup> groups, HostGroup.Kind kind) {
        return groups.stream().filter(g -> g.kind() == kind).findFirst().orElseThrow();
    }

    private static org.topoplanner.model.fabric.Fabric extraHost(Cluster c) {
        FabricBuilder b = new FabricBuilder();
        c.fabric().switches().forEach(s -> b.addSwitch(s.name(), s.guid(), s.description()));
        c.fabric().hosts().forEach(h -> b.addHost(h.name()));
        c.fabric().cables().forEach(b::cable);
        b.addHost("spare1");
        return b.build();
    }
}
