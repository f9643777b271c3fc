package org.topoplanner.allocator.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.resources.ShippedData;

/**
 * The per-state fragmentation table, updated as jobs come and go, must say exactly what a visit of every host
 * says ({@link Fragmentation#scan}): on random sequences of jobs starting and ending, holding what they list,
 * their nodes whole or their base blocks whole (which changes hosts the job does not list).
 */
class FragmentationTablePropertyTest {
    /** Three leaves of four hosts under one spine, base blocks of two hosts, every host the example's node. */
    private static final Cluster CLUSTER = cluster();

    private static Cluster cluster() {
        NodeTopology node = ShippedData.exampleCluster().node("node01");
        FabricBuilder f = new FabricBuilder().addSwitch("spine").addSwitch("leaf1").addSwitch("leaf2").addSwitch("leaf3");
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        Map<String, Integer> tiers = new LinkedHashMap<>(Map.of("spine", 2));
        for (int l = 1; l <= 3; l++) {
            f.cable("leaf" + l, "spine");
            tiers.put("leaf" + l, 1);
            for (int i = 0; i < 4; i++) {
                String h = host((l - 1) * 4 + i);
                f.addHost(h);
                f.cable(h, "leaf" + l);
                nodes.put(h, node);
            }
        }
        for (int b = 0; b < 6; b++) {
            f.block(new Block("b" + b, List.of(host(2 * b), host(2 * b + 1))));
        }
        f.tiers(tiers);
        return new Cluster("blocks", f.build(), nodes, Map.of(), null, null);
    }

    private static String host(int i) {
        return String.format("h%02d", i);
    }

    /**
     * Each op: bits 0-3 a host (mod 12), bits 4-5 how many GPUs it takes (0-3, spread over both NVLink groups),
     * bits 6-7 the hold (listed, whole nodes, whole blocks), bit 8 whether it takes every CPU; a job of that
     * name ends if it runs.
     */
    @Property(tries = 80)
    void updatedTablesSayWhatAVisitOfEveryHostSays(
            @ForAll @Size(min = 1, max = 30) List<@IntRange(min = 0, max = 511) Integer> ops) {
        FabricTree tree = FabricTree.of(CLUSTER);
        ClusterState s = ClusterState.empty(CLUSTER);
        assertThat(Fragmentation.of(s, tree)).isEqualTo(Fragmentation.scan(s, tree));
        List<Fragmentation> updated = new ArrayList<>();
        List<Fragmentation> visited = new ArrayList<>();
        for (int op : ops) {
            String host = host((op & 15) % 12);
            String name = "j-" + host + "-" + ((op >> 4) & 3);
            if (s.placement(name).isPresent()) {
                s = s.without(name);
            } else {
                List<Integer> gpus = new ArrayList<>();
                for (int i = 0; i < ((op >> 4) & 3); i++) {
                    gpus.add(i * 3); // 0, 3, 6: the third one is across the NVLink groups
                }
                CpuSet cpus = (op & 256) != 0 ? CpuSet.range(0, 31) : CpuSet.of(((op >> 4) & 3) + 8);
                ClusterState.Hold hold = ClusterState.Hold.values()[Math.min(2, (op >> 6) & 3)];
                try {
                    s = s.with(new Placement(name, List.of(HostAllocation.of(host, gpus, cpus))), hold);
                } catch (IllegalArgumentException e) {
                    continue;
                }
            }
            updated.add(Fragmentation.of(s, tree));
            visited.add(Fragmentation.scan(s, tree));
        }
        assertThat(updated).isEqualTo(visited);
    }

    @Property(tries = 40)
    void metricsOfAnAddedPlacementEqualThoseOnTheStateWithIt(
            @ForAll @Size(min = 1, max = 12) List<@IntRange(min = 0, max = 11) Integer> busy,
            @ForAll @IntRange(min = 0, max = 11) int first, @ForAll @IntRange(min = 1, max = 4) int hosts) {
        ClusterState s = ClusterState.empty(CLUSTER);
        for (int b : busy) {
            String name = "busy" + b;
            if (s.placement(name).isEmpty()) {
                s = s.with(new Placement(name, List.of(HostAllocation.of(host(b), List.of(0, 1), CpuSet.of(0)))),
                        b % 3 == 0 ? ClusterState.Hold.WHOLE_BLOCKS : ClusterState.Hold.LISTED);
            }
        }
        List<HostAllocation> mine = new ArrayList<>();
        for (int i = 0; i < hosts; i++) {
            mine.add(HostAllocation.of(host((first + i) % 12), List.of(4, 5), CpuSet.of(20)));
        }
        Placement p = new Placement("job", mine);
        ClusterState fresh = s.onCluster(CLUSTER);
        PlacementMetrics added = PlacementMetrics.ofAdded(s, p);
        assertThat(added.fragmentation())
                .isEqualTo(Fragmentation.scan(fresh.with(p), FabricTree.of(CLUSTER)));
        assertThat(added).isEqualTo(PlacementMetrics.ofAdded(fresh, p));
    }
}
