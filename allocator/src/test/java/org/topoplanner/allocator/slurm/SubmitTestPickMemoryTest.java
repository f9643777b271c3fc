package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.started;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequestException;

/**
 * The pick with every resource free that {@code _pick_best_nodes} tests after the pick for now fails
 * ({@code SELECT_MODE_TEST_ONLY}) sees each node's memory as sbatch's test does: {@code _can_job_run_on_node} takes
 * {@code avail_mem} as the node's memory less {@code MemSpecLimit} (not less what the running jobs hold), and
 * {@code gres_select_filter_remove_unusable} bounds its GPUs by {@code avail_mem / mem_per_gres}. Own case mem2e p26
 * ({@code -N3 --gpus=8 --switches=2@10:00 --mem-per-gpu=160G}, 24.11.5): p1's 512,000 MB pay for 3 GPUs, s1's for its
 * 2, a 256,000-MB node's for 1, so the tree's pick needs more than 3 nodes; 24.11 accepts the job at submit and it
 * waits with {@code ReqNodeNotAvail} (the test pick runs past {@code max_nodes}), where 22.05.8 and 26.05.5 refuse it.
 * On the idle cluster without its memory the pick took three 8-GPU a-nodes and the job waited with {@code Resources}.
 */
class SubmitTestPickMemoryTest {

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void theTestPickSeesEveryNodesMemory(String version) throws JobRequestException {
        ClusterState state = started(empty("mem2e"), version, "b0 -w h2 -n1 -c5 --gpus-per-node=2",
                "b1 -w a3 -n1 -c4 --gpus-per-node=1", "b2 -w q1 -n1 -c3", "b3 -w u1,a3 -N2 -n2 -c3",
                "b4 -w q1 -n2 -c8", "b5 -w q1 -n1 -c3", "b6 -w h3 -n1 -c6", "b7 -w u2 -n1 -c6 --gpus-per-node=2",
                "b8 -w h1 -n1 -c1 --gpus-per-node=1").without("b1");
        state = started(state, version, "b9 -w u1 -n1 -c6 --gpus-per-node=2")
                .without("b2").without("b9").without("b6").without("b0");
        Suggestion s = place(state, "-N3 --gpus=8 --switches=2@10:00 --mem-per-gpu=160G", version);
        if (version.equals("24.11")) {
            assertThat(s).isInstanceOfSatisfying(Suggestion.Pending.class,
                    p -> assertThat(p.reason()).isEqualTo(PendingReason.REQ_NODE_NOT_AVAIL));
        } else {
            assertThat(s).isInstanceOf(Suggestion.Impossible.class);
        }
    }
}
