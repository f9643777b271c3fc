package org.topoplanner.model.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;

class ClusterDesignerTest {
    private static final NodeTopology NODE = new NodeTopologyBuilder().cpuLayout(2, 1, 8, 1, 1024)
            .nic(Nic.simple(0, "mlx5_0", 0, null)).nic(Nic.simple(1, "mlx5_1", 1, null)).build();

    @Test
    void buildsANonBlockingTwoLevelFatTree() {
        Cluster c = ClusterDesigner.design("c", FabricDesign.fatTree(8, 16, 4, LinkSpeed.NDR), NODE);
        Fabric f = c.fabric();
        assertThat(f.hosts()).hasSize(128);
        assertThat(f.leaves()).hasSize(8);
        assertThat(f.switchesOfTier(2)).hasSize(4);
        assertThat(f.cablesBetween("leaf01", "spine03")).hasSize(1);
        assertThat(f.hostsOf("leaf02")).first().isEqualTo("node017");
        assertThat(c.nodes()).hasSize(128);
    }

    @Test
    void buildsThreeLevelPodsWithCores() {
        FabricDesign d = new FabricDesign(FabricDesign.Kind.FAT_TREE, 8, 4, 4, 2, 2, 4, 1, LinkSpeed.HDR, "gpu");
        Fabric f = ClusterDesigner.design("c", d, NODE).fabric();
        assertThat(f.maxTier()).isEqualTo(3);
        assertThat(f.switchesOfTier(2)).hasSize(4);
        // 4 uplinks over 2 spines: two parallel cables to each spine of the pod.
        assertThat(f.cablesBetween("leaf01", "spine01")).hasSize(2);
        assertThat(f.cablesBetween("leaf01", "spine03")).isEmpty();
        assertThat(f.hostsUnder("spine01")).hasSize(16);
        assertThat(d.oversubscription()).isEqualTo(1.0);
    }

    @Test
    void railOptimisedHostsReachEveryRailLeafOfTheirUnit() {
        FabricDesign d = new FabricDesign(FabricDesign.Kind.RAIL_OPTIMISED, 4, 8, 4, 2, 0, 2, 2, LinkSpeed.NDR, "node");
        Cluster c = ClusterDesigner.design("c", d, NODE);
        assertThat(c.fabric().hosts()).hasSize(16);
        assertThat(c.fabric().switchesOf("node001")).containsExactly("leaf01", "leaf02");
        assertThat(c.fabric().switchesOf("node009")).containsExactly("leaf03", "leaf04");
    }

    @Test
    void refusesDesignsThatCannotExist() {
        assertThatThrownBy(() -> new FabricDesign(FabricDesign.Kind.FAT_TREE, 8, 4, 4, 2, 0, 2, 1, LinkSpeed.HDR, "n"))
                .hasMessageContaining("core");
        assertThatThrownBy(() -> new FabricDesign(FabricDesign.Kind.RAIL_OPTIMISED, 6, 4, 6, 2, 0, 2, 4, LinkSpeed.HDR, "n"))
                .hasMessageContaining("rails");
        assertThatThrownBy(() -> new FabricDesign(FabricDesign.Kind.FAT_TREE, 2, 4, 2, 2, 0, 2, 1, LinkSpeed.HDR, "1n"))
                .hasMessageContaining("prefix");
    }
}
