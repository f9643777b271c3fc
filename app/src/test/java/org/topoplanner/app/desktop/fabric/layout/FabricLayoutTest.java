package org.topoplanner.app.desktop.fabric.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.resources.ShippedData;

class FabricLayoutTest {
    private static final Cluster EXAMPLE = ShippedData.exampleCluster();

    @Test
    void drawsTiersTopToBottomWithHostsLast() {
        FabricLayout l = FabricLayout.compute(EXAMPLE);
        assertThat(l.rows()).extracting(TierRow::label).containsExactly("core", "spine", "leaf", "hosts");
        assertThat(l.rows()).extracting(TierRow::count).containsExactly(1, 2, 4, 32);
        double core = box(l, "core").y();
        double spine = box(l, "spine1").y();
        double leaf = box(l, "leaf1").y();
        assertThat(core).isLessThan(spine);
        assertThat(spine).isLessThan(leaf);
        assertThat(l.racks()).allSatisfy(r -> assertThat(r.y()).isGreaterThan(leaf + FabricLayout.SWITCH_H));
    }

    @Test
    void groupsTheHostsOfALeafIntoOneRackUnderIt() {
        FabricLayout l = FabricLayout.compute(EXAMPLE);
        assertThat(l.racks()).hasSize(4);
        for (String leaf : List.of("leaf1", "leaf2", "leaf3", "leaf4")) {
            SwitchBox s = box(l, leaf);
            RackBox rack = l.racks().stream().filter(r -> r.uplinks().equals(List.of(s.index()))).findFirst().orElseThrow();
            assertThat(rack.hostCount()).isEqualTo(8);
            assertThat(s.centerX()).isBetween(rack.x(), rack.x() + rack.w());
            for (int h = rack.firstHost(); h < rack.firstHost() + rack.hostCount(); h++) {
                HostBox hb = l.hosts().get(h);
                assertThat(EXAMPLE.fabric().switchesOf(hb.name())).containsExactly(leaf);
                assertThat(hb.x()).isGreaterThanOrEqualTo(rack.x());
                assertThat(hb.x() + hb.w()).isLessThanOrEqualTo(rack.x() + rack.w());
                assertThat(hb.y() + hb.h()).isLessThanOrEqualTo(rack.y() + rack.h());
            }
        }
        assertThat(l.racks().get(0).label()).isEqualTo("node[01-08]");
    }

    @Test
    void barycenterSweepsUntangleAShuffledTree() {
        Cluster shuffled = FatTreeFixture.shuffled(EXAMPLE, 7);
        FabricLayout input = FabricLayout.compute(shuffled, 0);
        FabricLayout swept = FabricLayout.compute(shuffled);
        assertThat(input.crossings()).isPositive();
        assertThat(swept.inputOrderCrossings()).isEqualTo(input.crossings());
        assertThat(swept.crossings()).isZero();
    }

    @Test
    void barycenterSweepsCutCrossingsOfAShuffledFatTree() {
        Cluster shuffled = FatTreeFixture.shuffled(FatTreeFixture.threeLevel(4, 8, 4, 4, 8), 11);
        FabricLayout swept = FabricLayout.compute(shuffled);
        assertThat(swept.inputOrderCrossings()).isPositive();
        assertThat(swept.crossings()).isLessThan(swept.inputOrderCrossings() / 2);
        // Pods come out contiguous: the leaves of one pod are neighbours in the leaf row.
        List<SwitchBox> leaves = swept.switches().stream().filter(s -> s.tier() == 1)
                .sorted(Comparator.comparingDouble(SwitchBox::x)).toList();
        for (int p = 0; p < 4; p++) {
            String pod = String.format("p%02d-", p + 1);
            List<Integer> at = new ArrayList<>();
            for (int i = 0; i < leaves.size(); i++) {
                if (leaves.get(i).name().startsWith(pod)) {
                    at.add(i);
                }
            }
            assertThat(at.get(at.size() - 1) - at.get(0)).as("pod %s spread", pod).isEqualTo(7);
        }
    }

    @Test
    void keepsBoxesOfARowApart() {
        FabricLayout l = FabricLayout.compute(FatTreeFixture.threeLevel(3, 6, 5, 4, 8));
        for (TierRow row : l.rows()) {
            List<SwitchBox> inRow = l.switches().stream().filter(s -> s.y() == row.y())
                    .sorted(Comparator.comparingDouble(SwitchBox::x)).toList();
            for (int i = 1; i < inRow.size(); i++) {
                assertThat(inRow.get(i).x()).isGreaterThanOrEqualTo(inRow.get(i - 1).x() + inRow.get(i - 1).w());
            }
        }
        for (int i = 1; i < l.racks().size(); i++) {
            RackBox a = l.racks().get(i - 1);
            assertThat(l.racks().get(i).x()).isGreaterThan(a.x() + a.w());
        }
        assertThat(l.switches()).allSatisfy(s -> assertThat(s.x()).isGreaterThanOrEqualTo(0));
        assertThat(l.racks()).allSatisfy(r -> assertThat(r.x() + r.w()).isLessThanOrEqualTo(l.width()));
    }

    @Test
    void bundlesParallelCablesIntoOneLineWithACount() {
        Cluster c = FatTreeFixture.threeLevel(2, 8, 2, 4, 8);
        FabricLayout l = FabricLayout.compute(c);
        // Spine j of each pod reaches 2 cores of group j with 8 leaves / 2 cores = 4 cables each.
        List<LinkBundle> spineCore = l.links().stream()
                .filter(b -> !b.toRack() && l.switches().get(b.upper()).tier() == 3).toList();
        assertThat(spineCore).hasSize(2 * 4 * 2).allSatisfy(b -> assertThat(b.cables()).isEqualTo(4));
        assertThat(spineCore.get(0).describe()).isEqualTo("4 \u00d7 NDR 4x");
        assertThat(spineCore.get(0).gbps()).isEqualTo(1600.0);
        // Hosts reach their rack's leaf as one bundle per rack.
        assertThat(l.links().stream().filter(LinkBundle::toRack)).hasSize(16)
                .allSatisfy(b -> assertThat(b.cables()).isEqualTo(2));
    }

    @Test
    void measuresOversubscriptionOfEachSwitch() {
        FabricLayout l = FabricLayout.compute(EXAMPLE);
        // leaf1: 8 HDR host cables down, one HDR cable up to spine1; spine1: two leaves down, one up.
        assertThat(l.oversubscription(box(l, "leaf1").index())).isEqualTo(8.0);
        assertThat(l.oversubscription(box(l, "spine1").index())).isEqualTo(2.0);
        assertThat(l.oversubscription(box(l, "core").index())).isNaN();
        int leaf1 = box(l, "leaf1").index();
        assertThat(l.links()).filteredOn(b -> !b.toRack() && b.lower() == leaf1)
                .singleElement().satisfies(b -> assertThat(b.oversubscribed()).isTrue());
        FabricLayout fat = FabricLayout.compute(FatTreeFixture.threeLevel(2, 4, 4, 4, 4));
        assertThat(fat.links()).noneMatch(LinkBundle::oversubscribed);
    }

    @Test
    void findsWhatIsUnderAPointThroughTheGrid() {
        FabricLayout l = FabricLayout.compute(FatTreeFixture.threeLevel(3, 6, 5, 4, 8));
        for (HostBox h : l.hosts()) {
            assertThat(l.hostAt(h.x() + h.w() / 2, h.y() + h.h() / 2)).isEqualTo(h.index());
            assertThat(l.rackAt(h.x() + 1, h.y() + 1)).isEqualTo(h.rack());
        }
        for (SwitchBox s : l.switches()) {
            assertThat(l.switchAt(s.x() + 2, s.y() + s.h() - 2)).isEqualTo(s.index());
            assertThat(l.hostAt(s.x() + 2, s.y() + 2)).isEqualTo(-1);
        }
        RackBox r = l.racks().get(0);
        assertThat(l.hostAt(r.x() + 1, r.y() + 1)).as("rack header is no host").isEqualTo(-1);
        assertThat(l.switchAt(-100, -100)).isEqualTo(-1);
        assertThat(l.hostIndex("gpu00001")).isNotNegative();
        assertThat(l.switchIndex("p01-leaf01")).isNotNegative();
    }

    @Test
    void cullsToExactlyTheItemsMeetingTheView() {
        FabricLayout l = FabricLayout.compute(FatTreeFixture.threeLevel(4, 8, 12, 4, 8));
        Random rnd = new Random(3);
        for (int k = 0; k < 200; k++) {
            double x0 = rnd.nextDouble() * l.width();
            double y0 = rnd.nextDouble() * l.height();
            double x1 = x0 + rnd.nextDouble() * l.width() / 3;
            double y1 = y0 + rnd.nextDouble() * l.height() / 2;
            Set<Integer> culled = new TreeSet<>();
            l.hostsIn(x0, y0, x1, y1, culled::add);
            Set<Integer> brute = new TreeSet<>();
            for (HostBox h : l.hosts()) {
                if (h.x() <= x1 && h.x() + h.w() >= x0 && h.y() <= y1 && h.y() + h.h() >= y0) {
                    brute.add(h.index());
                }
            }
            assertThat(culled).isEqualTo(brute);
            Set<Integer> switches = new TreeSet<>();
            l.switchesIn(x0, y0, x1, y1, switches::add);
            assertThat(switches).isEqualTo(l.switches().stream().filter(s -> s.x() <= x1 && s.x() + s.w() >= x0
                    && s.y() <= y1 && s.y() + s.h() >= y0).map(SwitchBox::index).collect(java.util.stream.Collectors.toSet()));
        }
    }

    /** Its speed is measured by FabricLayoutBenchmark (benchmarks module), not timed here. */
    @Test
    void lays16kHostsOut() {
        Cluster big = FatTreeFixture.large();
        FabricLayout l = FabricLayout.compute(big);
        assertThat(l.hosts()).hasSize(16384);
        assertThat(l.racks()).hasSize(512);
        assertThat(l.switches()).hasSize(256 + 512 + 512);
        assertThat(l.links()).hasSize(16 * 32 * 8 + 16 * 32 * 32 + 512);
    }

    private static SwitchBox box(FabricLayout l, String name) {
        return l.switches().get(l.switchIndex(name));
    }
}
