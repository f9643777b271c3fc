package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 24.11's {@code common_topo_choose_nodes} bounds {@code max_nodes} by {@code -n} for the first pass only and sets
 * it back to {@code orig_max_nodes} for the second pass and every retry round; what then keeps a job off a node
 * it has no task for is the GPU pick after the layout ({@code _set_used_cnts}, "No allocated cores found"). Own
 * cases fuzz32 (s1-s3 of weight 1 with 2 GPUs, g1-g3 of weight 5 with 8) and cpumix2 (a1-a4 with 8 GPUs).
 */
class OrigMaxNodesSecondPassTest {
    private static final SlurmTreePolicy V24 = new SlurmTreePolicy(
            PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11));

    /**
     * fuzz32 p0 ({@code -n3 -c2 --gpus=8} enforce-binding): the weight-1 nodes' 6 GPUs fall short and the first
     * pass stops at three nodes; the second pass may take a fourth, and 24.11.5 runs the job on g1, s1, s2, s3
     * (each with cores: enforce-binding raises a node to the cores its GPUs need, {@code dist_tasks_gres_min_cpus}).
     */
    @Test
    void theSecondPassMayTakeMoreNodesThanTasks() throws Exception {
        Cluster fuzz32 = OracleCase.cluster("fuzz32");
        Suggestion s = V24.suggest(ClusterState.empty(fuzz32),
                SbatchOptions.parseLine("-n3 -c2 --gpus=8 --gres-flags=enforce-binding", "p0"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
            assertThat(p.placement().hosts()).extracting(HostAllocation::host)
                    .containsExactlyInAnyOrder("g1", "s1", "s2", "s3");
            assertThat(p.placement().hosts()).allSatisfy(h -> assertThat(h.cpus().isEmpty()).isFalse());
        });
    }

    /**
     * cpumix2 m29's shape ({@code -n1 -c2}) with more GPUs than one node holds: the second pass picks two nodes,
     * the layout gives the second no task and no cores, and the GPU pick fails the job; 24.11.5 keeps m29 and m71
     * PENDING (Resources). sbatch's test returns before the layout, so the job is accepted.
     */
    @Test
    void aGpuJobWhoseLayoutLeavesANodeWithoutCoresWaits() throws Exception {
        Cluster cpumix2 = OracleCase.cluster("cpumix2");
        Suggestion s = V24.suggest(ClusterState.empty(cpumix2), SbatchOptions.parseLine("-n1 -c2 --gpus=10", "m"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES));
        Suggestion two = V24.suggest(ClusterState.empty(cpumix2), SbatchOptions.parseLine("-n2 -c2 --gpus=10", "m"));
        assertThat(two).as("a task for each node").isInstanceOfSatisfying(Suggestion.Placed.class,
                p -> assertThat(p.placement().hosts()).hasSize(2));
    }
}
