package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 26.05 sums a one-node {@code --gpus=N} job's GPUs from node to node in {@code _get_one_res}
 * ({@link SlurmBlockPolicy#oneNodeGpusAddUp}), but not with {@code --ntasks-per-gpu}: {@code eval_nodes_select_cores}
 * asks each node for every task ({@code num_tasks / min_nodes}) and {@code _foreach_gres_filter_sock_core} rounds a
 * node's GPUs x {@code ntasks_per_gres} tasks down to a multiple of that minimum, 0 on a node short of the GPUs. Own
 * case featfz6 f26 ({@code -p mix -N1 --gpus=6 --ntasks-per-gpu=3 --gres-flags=enforce-binding}, mix's nodes have 4
 * GPUs): refused at submission by 22.05.8, 24.11.5 and 26.05.5.
 */
class NtasksPerGpuOneNodeSumTest {
    private static final Cluster FEATFZ6 = OracleCase.cluster("featfz6");

    private static Suggestion idle(String args) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05))
                .suggest(ClusterState.empty(FEATFZ6), SbatchOptions.parseLine(args, "f"));
    }

    @Test
    void aOneNodeNtasksPerGpuJobPastEveryNodesGpusIsRefused() throws Exception {
        for (String args : new String[] {"-p mix -N1 --gpus=6 --ntasks-per-gpu=3 --gres-flags=enforce-binding",
                "-p mix -N1 --gpus=6 --ntasks-per-gpu=3", "-p mix -N1 --gpus=5 --ntasks-per-gpu=1"}) {
            assertThat(idle(args)).as(args).isInstanceOf(Suggestion.Impossible.class);
        }
    }

    @Test
    void withoutNtasksPerGpuTheSumStillCompletesAndTheJobWaits() throws Exception {
        Suggestion s = idle("-p mix -N1 --gpus=6 --gres-flags=enforce-binding");
        assertThat(s).isInstanceOf(Suggestion.Pending.class);
        assertThat(((Suggestion.Pending) s).reason()).isEqualTo(PendingReason.RESOURCES);
    }
}
