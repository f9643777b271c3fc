package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.kueue.KueueTasPolicy;
import org.topoplanner.allocator.volcano.VolcanoPolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * The Kubernetes policies' per-state tables (node classes, pods per host, Kueue domain capacities) are
 * updated from an earlier state's when jobs come and go; every suggestion on such a state must equal the
 * suggestion on the same jobs with every table built afresh (on an equal cluster of its own), and so must the
 * suggestion on a state without history ({@link ClusterState#onCluster}), whose tables are updated from the ones
 * last made on the cluster.
 */
class IncrementalTablesTest {
    private static final Cluster CLUSTER = TestClusters.cluster("n", 8, 4,
            TestClusters.node(4, 32000, new int[] {2, 2}, new int[] {1, 1}));
    private static final List<PlacementPolicy> POLICIES = List.of(new K8sDefaultPolicy(PolicyOptions.DEFAULT),
            new KueueTasPolicy(PolicyOptions.DEFAULT), new VolcanoPolicy(PolicyOptions.DEFAULT));

    /** Each op: bits 0-2 a node, bits 3-4 its GPUs (0-3), bit 5 whether the job holds the node whole; a job of that name ends if it runs. */
    @Property(tries = 60)
    void suggestionsOnUpdatedTablesEqualThoseOnFreshOnes(
            @ForAll @Size(min = 1, max = 25) List<@IntRange(min = 0, max = 63) Integer> ops,
            @ForAll @IntRange(min = 1, max = 6) int nodes, @ForAll @IntRange(min = 0, max = 2) int gpus) {
        JobRequest job = JobRequest.nodesWithGpus("j", nodes, gpus);
        ClusterState s = ClusterState.empty(CLUSTER);
        List<Object> updated = new ArrayList<>();
        List<Object> fresh = new ArrayList<>();
        List<Object> latest = new ArrayList<>();
        // an equal cluster of its own: no table made on CLUSTER is ever reused for it
        Cluster copy = CLUSTER.withNvlink(CLUSTER.nvlink());
        for (int op : ops) {
            String name = "busy" + (op & 7) + "-" + ((op >> 3) & 3);
            if (s.placement(name).isPresent()) {
                s = s.without(name);
            } else {
                int used = ((op >> 3) & 3) + 1;
                List<Integer> g = new ArrayList<>();
                for (int i = 0; i < used; i++) {
                    g.add(i);
                }
                Placement p = new Placement(name, List.of(HostAllocation.of(String.format("n%02d", (op & 7) + 1), g,
                        CpuSet.of(List.of(2 * used, 2 * used + 1)))));
                try {
                    s = s.with(p, (op & 32) != 0 ? ClusterState.Hold.WHOLE_NODES : ClusterState.Hold.LISTED);
                } catch (IllegalArgumentException e) {
                    continue;
                }
            }
            ClusterState rebuilt = s.onCluster(copy);
            ClusterState withoutHistory = s.onCluster(s.cluster());
            for (PlacementPolicy p : POLICIES) {
                updated.add(p.suggest(s, job));
                fresh.add(p.suggest(rebuilt, job));
                latest.add(p.suggest(withoutHistory, job));
            }
        }
        assertThat(updated).isEqualTo(fresh);
        assertThat(latest).as("tables updated from the latest made on the cluster").isEqualTo(fresh);
    }
}
