package org.topoplanner.model.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RailGroupsTest {
    /** 2 SUs of 2 hosts x 2 rails each, leaves listed out of order, plus a plain leaf. */
    private static Fabric railFabric() {
        FabricBuilder b = new FabricBuilder();
        for (String s : List.of("leaf04", "leaf02", "leaf03", "leaf01", "leaf10", "spine1")) {
            b.addSwitch(s);
        }
        for (String h : List.of("n1", "n2", "n3", "n4", "n5")) {
            b.addHost(h);
        }
        b.cable(new Cable(new CableEnd("leaf01", 1, null, null), new CableEnd("n1", 1, "mlx5_0", null), null, null));
        b.cable(new Cable(new CableEnd("leaf02", 1, null, null), new CableEnd("n1", 1, "mlx5_1", null), null, null));
        b.cable(new Cable(new CableEnd("leaf01", 2, null, null), new CableEnd("n2", 1, "mlx5_0", null), null, null));
        b.cable(new Cable(new CableEnd("leaf02", 2, null, null), new CableEnd("n2", 1, "mlx5_1", null), null, null));
        b.cable(new Cable(new CableEnd("leaf03", 1, null, null), new CableEnd("n3", 1, "mlx5_0", null), null, null));
        b.cable(new Cable(new CableEnd("leaf04", 1, null, null), new CableEnd("n3", 1, "mlx5_1", null), null, null));
        b.cable(new Cable(new CableEnd("leaf04", 2, null, null), new CableEnd("n4", 1, "mlx5_1", null), null, null));
        b.cable("leaf10", "n5");
        for (String l : List.of("leaf01", "leaf02", "leaf03", "leaf04", "leaf10")) {
            b.cable("spine1", l);
        }
        return b.build();
    }

    @Test
    void joinsLeavesSharingHostsIntoNamedUnitsWhateverTheSourceOrder() {
        RailGroups g = RailGroups.of(railFabric());
        assertThat(g.units()).containsExactly(
                new ScalableUnit("su1", List.of("leaf01", "leaf02"), List.of("n1", "n2")),
                new ScalableUnit("su2", List.of("leaf03", "leaf04"), List.of("n3", "n4")),
                new ScalableUnit("leaf10", List.of("leaf10"), List.of("n5")));
        assertThat(g.isRailOptimised()).isTrue();
        assertThat(g.unitOf("leaf04").name()).isEqualTo("su2");
        assertThat(g.mergedLeaves()).containsExactlyInAnyOrder("leaf01", "leaf02", "leaf03", "leaf04");
    }

    @Test
    void aPlainFatTreeHasOneUnitPerLeaf() {
        FabricBuilder b = new FabricBuilder().addSwitch("l1").addSwitch("l2").addHost("a").addHost("b");
        b.cable("l1", "a");
        b.cable("l2", "b");
        RailGroups g = RailGroups.of(b.build());
        assertThat(g.isRailOptimised()).isFalse();
        assertThat(g.units()).extracting(ScalableUnit::name).containsExactly("l1", "l2");
    }

    /**
     * A lone leaf's hosts are taken as the fabric lists them when they are in natural name order already, else
     * sorted: a unit's hosts are in that order, without repeats, however the cables came.
     */
    @Test
    void aLoneLeafsHostsComeInNaturalOrderWhateverTheCableOrder() {
        FabricBuilder b = new FabricBuilder().addSwitch("l1").addSwitch("l2");
        for (String h : List.of("n10", "n2", "n1", "m1", "m2", "m10")) {
            b.addHost(h);
        }
        b.cable("l1", "n10");
        b.cable("l1", "n2");
        b.cable("l1", "n1");
        b.cable(new Cable(new CableEnd("l1", 4, null, null), new CableEnd("n2", 2, "mlx5_1", null), null, null));
        b.cable("l2", "m1");
        b.cable("l2", "m2");
        b.cable("l2", "m10");
        RailGroups g = RailGroups.of(b.build());
        assertThat(g.units()).containsExactly(
                new ScalableUnit("l1", List.of("l1"), List.of("n1", "n2", "n10")),
                new ScalableUnit("l2", List.of("l2"), List.of("m1", "m2", "m10")));
    }

    @Test
    void ordersNamesNaturally() {
        assertThat(List.of("leaf10", "leaf2", "leaf02", "leaf1").stream().sorted(NaturalNameOrder.INSTANCE).toList())
                .containsExactly("leaf1", "leaf2", "leaf02", "leaf10");
    }

    @Test
    void collapsingGivesEachRailGroupOneLeafUnderTheSameSpines() {
        Fabric slurm = RailGroups.collapse(railFabric());
        assertThat(slurm.switches()).extracting(SwitchNode::name).containsExactlyInAnyOrder("su1", "su2", "leaf10",
                "spine1");
        for (String h : List.of("n1", "n2")) {
            assertThat(slurm.switchesOf(h)).containsExactly("su1");
        }
        assertThat(slurm.switchesOf("n4")).containsExactly("su2");
        assertThat(slurm.switchesOf("n5")).containsExactly("leaf10");
        assertThat(slurm.childSwitches("spine1")).containsExactlyInAnyOrder("su1", "su2", "leaf10");
        assertThat(slurm.leaves()).extracting(SwitchNode::name).containsExactlyInAnyOrder("su1", "su2", "leaf10");
    }

    @Test
    void aFabricWithoutRailGroupsIsLeftAsItIs() {
        FabricBuilder b = new FabricBuilder().addSwitch("l1").addHost("a");
        b.cable("l1", "a");
        Fabric f = b.build();
        assertThat(RailGroups.collapse(f)).isSameAs(f);
    }
}
