package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 26.05's one-node test on topology/block ({@code _get_one_res}, {@code common_test_node}): the per-job GPU count adds
 * up node after node, but {@code eval_nodes_gres} calls {@code gres_sched_add} only for a node whose CPUs reach the
 * job's per-node CPU minimum, for a one-node {@code --cpus-per-gpu} job all of its GPUs' CPUs. Cluster: own case
 * blockfz19 (one 48-CPU node m1 with 4 GPUs, nine 8-core nodes with 2 GPUs each), whose k40 ({@code -N1 --gpus=5
 * --cpus-per-gpu=5}) 26.05.5 refuses at submit (results/v26.05/blockfz19.jsonl).
 */
class OneNodeBlockGpuSumTest {
    private static final Cluster BLOCKFZ19 = OracleCase.cluster("blockfz19");
    private static final SlurmBlockPolicy V26 = new SlurmBlockPolicy(
            PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));

    private static Suggestion onIdle(String args) throws Exception {
        return V26.suggest(ClusterState.empty(BLOCKFZ19), SbatchOptions.parseLine(args, "j"));
    }

    @Test
    void nodesWithTooFewCpusForTheGpusAddNothing() throws Exception {
        assertThat(onIdle("-N1 --gpus=5 --cpus-per-gpu=5")).isInstanceOf(Suggestion.Impossible.class);
        // without CPUs per GPU every node adds its GPUs: accepted, and waits for good
        assertThat(onIdle("-N1 --gpus=5")).isInstanceOf(Suggestion.Pending.class);
        // two CPUs per GPU: the 8-core nodes stay below the minimum of 10 CPUs, m1 alone adds its 4
        assertThat(onIdle("-N1 --gpus=5 --cpus-per-gpu=2")).isInstanceOf(Suggestion.Impossible.class);
        // one CPU per GPU: the 8-core nodes reach the minimum of 5 and add their GPUs
        assertThat(onIdle("-N1 --gpus=5 --cpus-per-gpu=1")).isInstanceOf(Suggestion.Pending.class);
    }
}
