package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * sbatch's test sees the idle cluster ({@code _slurm_rpc_submit_batch_job} calls {@code job_allocate} with
 * {@code allocate} false, so {@code _pick_best_nodes} runs {@code SELECT_MODE_TEST_ONLY} only): a job it refuses is
 * refused even where the busy cluster would let it fit now. Cluster: own case blockfz22 (24 nodes, base blocks of 2-4,
 * {@code BlockSizes=2,4,16}, the weight-1 nodes q1, q3, q13 in base blocks b1, b2, b8). State: its k24 ({@code -N3
 * --gpus-per-node=2 --exclusive=topo} on l2, q1, q3) running, as when k29 was submitted; 26.05.5 refused k29 at
 * submit, 24.11.5 ran it at once (results/new and results/v26.05 blockfz22.jsonl; the idle refusal is
 * in probe blockfz22p's slurmctld log: 36 evaluations, each ending in {@code requires nodes exceed maximum llblock
 * limit due to node weights}, then {@code never runnable in partition all}).
 */
class BlockSubmitTestOnIdleClusterTest {
    private static final Cluster BLOCKFZ22 = OracleCase.cluster("blockfz22");

    private static ClusterState k24Running() {
        return ClusterState.empty(BLOCKFZ22).with(new Placement("k24", List.of(
                HostAllocation.of("l2", List.of(0, 1), CpuSet.of(0)),
                HostAllocation.of("q1", List.of(0, 1), CpuSet.of(0)),
                HostAllocation.of("q3", List.of(0, 1), CpuSet.of(0)))), ClusterState.Hold.WHOLE_BLOCKS);
    }

    private static Suggestion suggest(SlurmVersion v, ClusterState state, String args) throws Exception {
        return new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(state,
                SbatchOptions.parseLine(args, "k29"));
    }

    @Test
    void aJobTheIdleTestRefusesIsRefusedThoughTheBusyClusterFitsIt() throws Exception {
        ClusterState busy = k24Running();
        assertThat(suggest(SlurmVersion.V26_05, busy, "-N6 --gpus-per-node=2"))
                .isInstanceOf(Suggestion.Impossible.class);
        assertThat(suggest(SlurmVersion.V26_05, ClusterState.empty(BLOCKFZ22), "-N6 --gpus-per-node=2"))
                .isInstanceOf(Suggestion.Impossible.class);
        // 24.11's idle test accepts it (its retry is another loop: 24.11.5 ran k29 at once), and the busy cluster
        // places it
        assertThat(suggest(SlurmVersion.V24_11, busy, "-N6 --gpus-per-node=2")).isInstanceOf(Suggestion.Placed.class);
    }

    @Test
    void aJobTheIdleTestAcceptsStillRunsOnTheBusyCluster() throws Exception {
        // probe blockfz22p p4 on the idle cluster: l1, l2, q1, q3 (26.05.5); with k24 on b1 and b2 held whole it
        // runs elsewhere, not refused
        assertThat(suggest(SlurmVersion.V26_05, ClusterState.empty(BLOCKFZ22), "-N4 --gpus-per-node=1"))
                .isInstanceOfSatisfying(Suggestion.Placed.class, p -> assertThat(p.placement().hostNames())
                        .containsExactlyInAnyOrder("l1", "l2", "q1", "q3"));
        assertThat(suggest(SlurmVersion.V26_05, k24Running(), "-N4 --gpus-per-node=1"))
                .isInstanceOfSatisfying(Suggestion.Placed.class, p -> assertThat(p.placement().hostNames())
                        .doesNotContain("l1", "l2", "q1", "q3"));
    }
}
