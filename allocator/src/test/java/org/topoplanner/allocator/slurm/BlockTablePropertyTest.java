package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
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
 * The nodes of base blocks held by an {@code --exclusive=topo} job, kept with each state and updated as jobs come
 * and go ({@link BlockTable#blocked}), must be the blocks the test itself finds from the running jobs' hosts, on
 * random sequences of jobs of every hold, in both node orders.
 */
class BlockTablePropertyTest {
    /** Twelve hosts defined in reverse name order (so the two node orders differ), base blocks of three hosts. */
    private static final Cluster CLUSTER = cluster();

    private static Cluster cluster() {
        NodeTopology node = ShippedData.exampleCluster().node("node01");
        FabricBuilder f = new FabricBuilder().addSwitch("leaf");
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        for (int i = 11; i >= 0; i--) {
            f.addHost(host(i));
            f.cable(host(i), "leaf");
            nodes.put(host(i), node);
        }
        for (int b = 0; b < 4; b++) {
            f.block(new Block("b" + b, List.of(host(3 * b), host(3 * b + 1), host(3 * b + 2))));
        }
        f.tiers(Map.of("leaf", 1));
        return new Cluster("blocks", f.build(), nodes, Map.of(), null, null);
    }

    private static String host(int i) {
        return String.format("h%02d", i);
    }

    /**
     * Each op: bits 0-3 a host (mod 12), bit 4 a second host next to it, bits 5-6 the hold (listed, whole nodes,
     * whole blocks); a job of that name ends if it runs.
     */
    @Property(tries = 80)
    void keptTablesNameTheBlocksOfExclusiveTopoJobs(
            @ForAll @Size(min = 1, max = 40) List<@IntRange(min = 0, max = 127) Integer> ops) {
        ClusterState s = ClusterState.empty(CLUSTER);
        List<Set<String>> kept = new ArrayList<>();
        List<Set<String>> expected = new ArrayList<>();
        for (int op : ops) {
            int h = (op & 15) % 12;
            String name = "j" + h + "-" + ((op >> 4) & 7);
            if (s.placement(name).isPresent()) {
                s = s.without(name);
            } else {
                List<HostAllocation> on = new ArrayList<>(List.of(HostAllocation.of(host(h), List.of(), CpuSet.of(0))));
                if ((op & 16) != 0) {
                    on.add(HostAllocation.of(host((h + 1) % 12), List.of(), CpuSet.of(1)));
                }
                ClusterState.Hold hold = ClusterState.Hold.values()[Math.min(2, (op >> 5) & 3)];
                s = s.with(new Placement(name, on), hold);
            }
            for (boolean byName : new boolean[] {true, false}) {
                BlockTable table = BlockTable.of(CLUSTER, byName);
                Set<String> names = new TreeSet<>();
                var bits = table.blocked(s, byName);
                bits.stream().forEach(k -> names.add(table.nodes().get(k).name()));
                kept.add(names);
                expected.add(heldBlocks(s));
            }
        }
        assertThat(kept).isEqualTo(expected);
    }

    /** Every host of a block sharing a host with a job that holds its blocks whole. */
    private static Set<String> heldBlocks(ClusterState s) {
        Set<String> out = new TreeSet<>();
        s.running().forEach((job, p) -> {
            if (s.hold(job) == ClusterState.Hold.WHOLE_BLOCKS) {
                for (Block b : CLUSTER.fabric().blocks()) {
                    if (p.hostNames().stream().anyMatch(b.nodes()::contains)) {
                        out.addAll(b.nodes());
                    }
                }
            }
        });
        return out;
    }
}
