package org.topoplanner.model.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FabricTest {

    /** leafA, leafB under spine1; core over spine1 and spine2 (spine2 has leafC). */
    private static Fabric threeLevels() {
        FabricBuilder b = new FabricBuilder();
        for (String s : new String[] {"leafA", "leafB", "leafC", "spine1", "spine2", "core"}) {
            b.addSwitch(s);
        }
        for (int i = 1; i <= 6; i++) {
            b.addHost("n" + i);
        }
        b.cable("n1", "leafA");
        b.cable("n2", "leafA");
        b.cable("n3", "leafB");
        b.cable("n4", "leafB");
        b.cable("n5", "leafC");
        b.cable("n6", "leafC");
        b.cable("leafA", "spine1");
        b.cable("leafB", "spine1");
        b.cable("leafC", "spine2");
        b.cable("spine1", "core");
        b.cable("spine2", "core");
        return b.build();
    }

    @Test
    void infersTiersFromLeavesUpwards() {
        Fabric f = threeLevels();
        assertThat(f.switchNamed("leafA").orElseThrow().tier()).isEqualTo(1);
        assertThat(f.switchNamed("spine2").orElseThrow().tier()).isEqualTo(2);
        assertThat(f.switchNamed("core").orElseThrow().tier()).isEqualTo(3);
        assertThat(f.maxTier()).isEqualTo(3);
        assertThat(f.leaves()).extracting(SwitchNode::name).containsExactly("leafA", "leafB", "leafC");
    }

    @Test
    void relatesParentsChildrenAndHosts() {
        Fabric f = threeLevels();
        assertThat(f.parents("leafB")).containsExactly("spine1");
        assertThat(f.children("spine1")).containsExactly("leafA", "leafB");
        assertThat(f.children("leafC")).containsExactly("n5", "n6");
        assertThat(f.hostsUnder("spine1")).containsExactly("n1", "n2", "n3", "n4");
        assertThat(f.hostsUnder("core")).hasSize(6);
        assertThat(f.roots()).extracting(SwitchNode::name).containsExactly("core");
        assertThat(f.switchesOf("n5")).containsExactly("leafC");
    }

    @Test
    void keepsACableListedFromBothEndsOnce() {
        FabricBuilder b = new FabricBuilder().addSwitch("s1").addHost("h1");
        Cable one = new Cable(new CableEnd("h1", 1, "mlx5_0", null), CableEnd.of("s1", 3), LinkWidth.X4, LinkSpeed.HDR);
        b.cable(one);
        b.cable(one.reversed());
        assertThat(b.build().cables()).containsExactly(one);
    }

    @Test
    void keepsParallelCablesOnDistinctPorts() {
        FabricBuilder b = new FabricBuilder().addSwitch("leaf").addSwitch("spine").addHost("h");
        b.cable("h", "leaf");
        b.cable(new Cable(CableEnd.of("leaf", 33), CableEnd.of("spine", 1), LinkWidth.X4, LinkSpeed.NDR));
        b.cable(new Cable(CableEnd.of("leaf", 34), CableEnd.of("spine", 2), LinkWidth.X4, LinkSpeed.NDR));
        Fabric f = b.build();
        assertThat(f.cablesBetween("leaf", "spine")).hasSize(2);
        assertThat(f.graph().edgeSet()).hasSize(3);
    }

    /** Parallel cables relate their ends once, on short lists and past the length where a set takes over. */
    @Test
    void relatesTheEndsOfParallelCablesOnce() {
        FabricBuilder b = new FabricBuilder().addSwitch("leaf").addSwitch("spine");
        for (int i = 1; i <= 40; i++) {
            b.addHost("h" + i);
        }
        b.cable(new Cable(CableEnd.of("leaf", 33), CableEnd.of("spine", 1), LinkWidth.X4, LinkSpeed.NDR));
        b.cable(new Cable(CableEnd.of("spine", 2), CableEnd.of("leaf", 34), LinkWidth.X4, LinkSpeed.NDR));
        for (int port = 1; port <= 2; port++) {
            for (int i = 1; i <= 40; i++) {
                b.cable(new Cable(CableEnd.of("h" + i, port), CableEnd.of("leaf", 40 * port + i), LinkWidth.X4,
                        LinkSpeed.NDR));
            }
        }
        Fabric f = b.build();
        assertThat(f.cables()).hasSize(82);
        assertThat(f.parents("leaf")).containsExactly("spine");
        assertThat(f.childSwitches("spine")).containsExactly("leaf");
        assertThat(f.hostsOf("leaf")).hasSize(40).doesNotHaveDuplicates().startsWith("h1", "h2").endsWith("h40");
        assertThat(f.switchesOf("h17")).containsExactly("leaf");
    }

    @Test
    void refusesACableToAnUnknownNode() {
        FabricBuilder b = new FabricBuilder().addSwitch("s1");
        assertThat(b.cable("s1", "ghost")).isFalse();
        assertThat(b.build().cables()).isEmpty();
    }

    @Test
    void givesTierZeroToASwitchThatReachesNoHost() {
        Fabric f = new FabricBuilder().addSwitch("lonely").addSwitch("leaf").addHost("h").build();
        assertThat(f.switchNamed("lonely").orElseThrow().tier()).isZero();
    }

    @Test
    void heightKeepsARootThatAlsoHoldsALeafAboveItsSpines() {
        var tiers = TierInference.byHeight(java.util.List.of("root", "spine", "leaf1", "leaf2"),
                java.util.Map.of("root", java.util.List.of("spine", "leaf2"), "spine", java.util.List.of("leaf1")),
                java.util.Set.of("leaf1", "leaf2"));
        assertThat(tiers).containsEntry("root", 3).containsEntry("spine", 2).containsEntry("leaf2", 1);
        var byDistance = TierInference.byDistance(java.util.List.of("root", "spine", "leaf1", "leaf2"),
                java.util.List.of(Cable.between("h1", "leaf1"), Cable.between("h2", "leaf2"),
                        Cable.between("root", "spine"), Cable.between("root", "leaf2"), Cable.between("spine", "leaf1")));
        assertThat(byDistance).containsEntry("root", 2);
    }

    @Test
    void readsLinkSpeedsAsBothToolsPrintThem() {
        assertThat(LinkSpeed.fromToken("hdr")).isEqualTo(LinkSpeed.HDR);
        assertThat(LinkSpeed.fromToken("???")).isEqualTo(LinkSpeed.UNKNOWN);
        assertThat(LinkSpeed.fromSignalGbps(10.0)).isEqualTo(LinkSpeed.QDR);
        assertThat(LinkSpeed.fromSignalGbps(53.125)).isEqualTo(LinkSpeed.HDR);
        assertThat(LinkWidth.fromToken("4X")).isEqualTo(LinkWidth.X4);
        assertThat(new Cable(CableEnd.of("a", 1), CableEnd.of("b", 1), LinkWidth.X4, LinkSpeed.NDR).dataGbps())
                .isEqualTo(400.0);
    }
}
