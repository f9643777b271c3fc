package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 22.05's {@code _eval_nodes_topo} ({@code select/cons_tres/job_test.c}) counts {@code max_nodes} down as a
 * {@code uint32_t}; its loop "Add additional resources for already required leaf switches" takes nodes without
 * testing it, so when it takes more than were left the count wraps round and the loop over additional leaves
 * ({@code max_nodes > 0}) goes on. Own case fuzz62 p7 ({@code -N2 --gpus=8 --cpus-per-gpu=8} enforce-binding, one
 * CPU a node, so one GPU socket a node: 2 GPUs each): f1 (weight 1) is the lighter group, leaf0's l1 and m1 follow
 * (max_nodes 1, 0, 2^32 - 1, GPUs 6), leaf1's l2 brings the eighth GPU. sbatch's test succeeds on four nodes, past
 * {@code max_nodes}, so 22.05.8 keeps the job with {@code ReqNodeNotAvail, May be reserved for other job}
 * ({@code _pick_best_nodes}: {@code runable_ever} and not {@code runable_avail}); a count that stops at 0 failed the
 * pick and refused the job at submit.
 */
class UnsignedMaxNodesTest {

    @ParameterizedTest(name = "Slurm {0}: {1}")
    @CsvSource(delimiter = '|', value = {
        "22.05 | -N2 --gpus=8 --cpus-per-gpu=8 --gres-flags=enforce-binding",
        // 24.11's eval_nodes_tree.c: the same uint32_t and the same untested loop; own probe s22g1 a6 on the idle
        // fuzz62 nodes, where real 24.11.5 answers ReqNodeNotAvail (results/new/s22g1.jsonl)
        "24.11 | -N2 --gpus=8 --gres-flags=enforce-binding"})
    void slurm2205And2411KeepTheJobWhenTheWrappedCountLetsThePickPastMaxNodes(String release, String line)
            throws Exception {
        assertThat(suggest(line, release))
                .isInstanceOfSatisfying(Suggestion.Pending.class,
                        p -> assertThat(p.reason()).isEqualTo(PendingReason.REQ_NODE_NOT_AVAIL));
    }

    @Test
    void aCountTheRequiredLeafEndsAtZeroStillStopsTheNextLeaf() throws Exception {
        // -N3: f1, l1, m1 bring max_nodes to exactly 0 with 6 of 10 GPUs; no wrap, so leaf1 is not reached
        assertThat(suggest("-N3 --gpus=10 --gres-flags=enforce-binding", "22.05"))
                .isInstanceOf(Suggestion.Impossible.class);
    }

    private static Suggestion suggest(String line, String release) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(release).orElseThrow()))
                .suggest(ClusterState.empty(OracleCase.cluster("fuzz62")), SbatchOptions.parseLine(line, "p7"));
    }
}
