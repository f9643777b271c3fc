package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * sbatch's test of a {@code topology/block} job reads each node's memory ({@link IdleMemory}: cons_tres
 * {@code _select_nodes} asks {@code _can_job_run_on_node} of every node with {@code test_only} before
 * {@code topology_g_eval_nodes}, and there a node's memory is its {@code RealMemory}, no running job's taken). Own
 * probe c11c1 (CR_Core_Memory, {@code DefMemPerCPU=1000}, 2 x 8-core nodes: h1 32,000 MB, h2 64,000 MB with four
 * GPUs): m4 ({@code -N1 --gpus-per-node=4 --cpus-per-gpu=4 --mem-per-cpu=5000}) needs 16 CPUs on one node, and
 * h2's memory pays for 12: real 24.11.5 and 26.05.5 refuse it at submission. Without the memory the test placed it
 * on h2 and the job waited ({@code Resources}) for good.
 */
class BlockSubmitTestMemoryTest {
    private static final Cluster C11C1 = OracleCase.cluster("c11c1");

    private static Suggestion suggest(String version, String args) throws Exception {
        return new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(version).orElseThrow()))
                .suggest(ClusterState.empty(C11C1), SbatchOptions.parseLine(args, "m4"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"24.11", "26.05"})
    void aJobNoNodesMemoryPaysForIsRefusedAtSubmission(String version) throws Exception {
        assertThat(suggest(version, "-N1 --gpus-per-node=4 --cpus-per-gpu=4 --mem-per-cpu=5000"))
                .isInstanceOf(Suggestion.Impossible.class);
        // the same shape whose memory h2 pays for (16 x 4,000 MB) runs there: the verdict is kept per memory figure
        assertThat(suggest(version, "-N1 --gpus-per-node=4 --cpus-per-gpu=4 --mem-per-cpu=4000"))
                .isInstanceOfSatisfying(Suggestion.Placed.class,
                        p -> assertThat(p.placement().hostNames()).containsExactly("h2"));
        assertThat(suggest(version, "-N1 --gpus-per-node=4 --cpus-per-gpu=4 --mem-per-cpu=5000"))
                .isInstanceOf(Suggestion.Impossible.class);
    }
}
