package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * Node classes kept with the state and moved as jobs come and go equal the classes built afresh, for every host
 * of the cluster and for a few hosts of it (a HyperNode's, kept beside their numbers rather than per host).
 */
class NodeClassesMovedTest {
    private static final Cluster CLUSTER = TestClusters.cluster("n", 40, 8,
            TestClusters.node(4, 32000, new int[] {2, 2}, new int[] {1, 1}));

    private record Few(long seed) {
    }

    @Property(tries = 40)
    void movedClassesEqualFreshOnes(@ForAll long seed) {
        Random r = new Random(seed);
        ClusterIndex index = ClusterIndex.of(CLUSTER);
        List<String> hosts = CLUSTER.hostNames();
        List<String> fewHosts = new ArrayList<>();
        for (int i = 0; i < 1 + r.nextInt(8); i++) {
            fewHosts.add(hosts.get(r.nextInt(hosts.size())));
        }
        int[] few = NodeClasses.sortedByName(index, fewHosts);
        ClusterState s = ClusterState.empty(CLUSTER);
        List<String> running = new ArrayList<>();
        for (int step = 0; step < 40; step++) {
            if (!running.isEmpty() && r.nextInt(3) == 0) {
                s = s.without(running.remove(r.nextInt(running.size())));
            } else {
                String host = r.nextBoolean() ? fewHosts.get(r.nextInt(fewHosts.size())) : hosts.get(r.nextInt(hosts.size()));
                int gpus = 1 + r.nextInt(2);
                List<Integer> g = new ArrayList<>();
                for (int i = 0; i < gpus; i++) {
                    g.add(r.nextInt(4));
                }
                String name = "j" + step;
                s = s.with(new Placement(name, List.of(HostAllocation.of(host, g.stream().distinct().toList(),
                        CpuSet.of(List.of(r.nextInt(8)))))));
                running.add(name);
            }
            String what = "step " + step + " (seed " + seed + ")";
            assertThat(describe(NodeClasses.of(s, new Few(seed), few))).as(what)
                    .isEqualTo(describe(NodeClasses.of(s, few)));
            assertThat(describe(NodeClasses.ofAll(s))).as(what)
                    .isEqualTo(describe(NodeClasses.of(s, NodeClasses.sortedByName(index, hosts))));
        }
    }

    private static List<String> describe(NodeClasses classes) {
        List<String> out = new ArrayList<>();
        for (NodeClasses.NodeClass c : classes.classes()) {
            if (c.hosts().length > 0) {
                out.add(c.free() + " numa " + c.numaNodes() + " " + Arrays.toString(c.hosts()));
            }
        }
        out.sort(null);
        out.add("nodes " + classes.nodes());
        return out;
    }
}
