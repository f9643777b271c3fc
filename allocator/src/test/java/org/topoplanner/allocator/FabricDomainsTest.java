package org.topoplanner.allocator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.node.NodeTopology;

class FabricDomainsTest {

    private static Cluster cluster(FabricBuilder fb, Map<String, Integer> tiers, List<String> hosts) {
        fb.tiers(tiers);
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        Map<String, HostAttributes> attrs = new LinkedHashMap<>();
        hosts.forEach(h -> {
            nodes.put(h, NodeTopology.unknown());
            attrs.put(h, HostAttributes.DEFAULT);
        });
        return new Cluster("c", fb.build(), nodes, attrs, null, null);
    }

    @Test
    void theOracleTreeIsLeavesSpinesAndACore() {
        FabricDomains d = ClusterIndex.of(OracleCase.cluster("tree32")).domains();
        assertThat(d.maxTier()).isEqualTo(3);
        assertThat(d.all()).filteredOn(x -> x.tier() == 1).extracting(FabricDomains.Domain::name)
                .containsExactly("leaf1", "leaf2", "leaf3", "leaf4");
        assertThat(d.all()).filteredOn(x -> x.tier() == 2).extracting(FabricDomains.Domain::name)
                .containsExactly("spine1", "spine2");
        assertThat(d.all()).filteredOn(x -> x.tier() == 3).extracting(FabricDomains.Domain::name)
                .containsExactly("core");
    }

    @Test
    void railLeavesOfOneUnitAndParallelSpinesAreOneDomainEach() {
        // 2 scalable units of 4 hosts; every host is cabled to both rail leaves of its unit; 2 spines over all leaves
        FabricBuilder fb = new FabricBuilder();
        Map<String, Integer> tiers = new HashMap<>();
        List<String> hosts = List.of("a1", "a2", "a3", "a4", "b1", "b2", "b3", "b4");
        hosts.forEach(fb::addHost);
        for (String sp : List.of("s1", "s2")) {
            fb.addSwitch(sp);
            tiers.put(sp, 2);
        }
        for (String unit : List.of("a", "b")) {
            for (String rail : List.of("r1", "r2")) {
                String leaf = unit + "-" + rail;
                fb.addSwitch(leaf);
                tiers.put(leaf, 1);
                fb.cable("s1", leaf);
                fb.cable("s2", leaf);
                for (int i = 1; i <= 4; i++) {
                    fb.cable(leaf, unit + i);
                }
            }
        }
        FabricDomains d = ClusterIndex.of(cluster(fb, tiers, hosts)).domains();
        assertThat(d.all()).hasSize(3);
        assertThat(d.get(0).switches()).containsExactly("a-r1", "a-r2");
        assertThat(d.get(1).switches()).containsExactly("b-r1", "b-r2");
        assertThat(d.get(2).switches()).containsExactly("s1", "s2");
        assertThat(d.get(2).tier()).isEqualTo(2);
        assertThat(d.touched(new int[] {0, 3})).containsExactly(0, 1, 1);
        assertThat(d.touched(new int[] {0, 4})).containsExactly(0, 2, 1);
        assertThat(d.lowestCommon(new int[] {0, 4})).isEqualTo(2);
    }

    @Test
    void aHostOnLeavesOfTwoDomainsCountsUnderTheFirstAndRootsStayApart() {
        // x is cabled to leafA (with a1, a2) and leafB (with b1, b2); leafC/c1 hangs under a second root
        FabricBuilder fb = new FabricBuilder();
        Map<String, Integer> tiers = new HashMap<>();
        List<String> hosts = List.of("a1", "a2", "x", "b1", "b2", "c1", "lonely");
        hosts.forEach(fb::addHost);
        for (String s : List.of("leafA", "leafB", "leafC")) {
            fb.addSwitch(s);
            tiers.put(s, 1);
        }
        fb.addSwitch("spine");
        tiers.put("spine", 2);
        fb.cable("spine", "leafA");
        fb.cable("spine", "leafB");
        List.of("a1", "a2", "x").forEach(h -> fb.cable("leafA", h));
        List.of("x", "b1", "b2").forEach(h -> fb.cable("leafB", h));
        fb.cable("leafC", "c1");
        FabricDomains d = ClusterIndex.of(cluster(fb, tiers, hosts)).domains();
        ClusterIndex idx = ClusterIndex.of(cluster(fb, tiers, hosts));
        int x = 2;
        assertThat(d.get(d.domainOf(x)).name()).isEqualTo("leafA");
        FabricDomains.Domain leafB = d.all().stream().filter(v -> v.name().equals("leafB")).findFirst().orElseThrow();
        assertThat(Arrays.stream(leafB.hosts()).mapToObj(idx::host).toList()).containsExactly("b1", "b2");
        assertThat(d.rootOf(5)).isNotEqualTo(d.rootOf(0));
        assertThat(d.domainOf(6)).isEqualTo(-1);
        assertThat(d.lowestCommon(new int[] {0, 5})).isEqualTo(-1);
    }
}
