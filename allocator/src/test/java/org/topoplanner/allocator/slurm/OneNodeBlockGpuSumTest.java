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
 * up node after node, so a {@code -N1 --gpus=N} job no node can hold is accepted and waits. With {@code --cpus-per-gpu}
 * the one node must also give all the job's CPUs (N x CPUs per GPU) while the GPU filter keeps only the cores of the
 * GPUs it gives, so no node passes and the job is refused. Clusters: own case blockfz19 (one 48-CPU node m1 with 4
 * GPUs, nine 8-core nodes with 2 GPUs each), whose k40 ({@code -N1 --gpus=5 --cpus-per-gpu=5}) 26.05.5 refuses at
 * submit (results/v26.05/blockfz19.jsonl); own case yamlfz23 and probe yamlfz23p (results/v26.05/yamlfz23p.jsonl):
 * {@code -N1 --gpus=6} accepted ({@code Resources}), with 2 or 1 CPUs per GPU refused.
 */
class OneNodeBlockGpuSumTest {
    private static final Cluster BLOCKFZ19 = OracleCase.cluster("blockfz19");
    private static final SlurmBlockPolicy V26 = new SlurmBlockPolicy(
            PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));

    private static Suggestion onIdle(String args) throws Exception {
        return V26.suggest(ClusterState.empty(BLOCKFZ19), SbatchOptions.parseLine(args, "j"));
    }

    @Test
    void withCpusPerGpuNoNodeGivesTheJobsCpusSoTheSumNeverCompletes() throws Exception {
        assertThat(onIdle("-N1 --gpus=5 --cpus-per-gpu=5")).isInstanceOf(Suggestion.Impossible.class);
        // without CPUs per GPU every node adds its GPUs: accepted, and waits for good
        assertThat(onIdle("-N1 --gpus=5")).isInstanceOf(Suggestion.Pending.class);
        assertThat(onIdle("-N1 --gpus=5 --cpus-per-gpu=2")).isInstanceOf(Suggestion.Impossible.class);
        // one CPU per GPU: still no node gives 5 CPUs from its own GPUs' cores (measured on yamlfz23p below)
        assertThat(onIdle("-N1 --gpus=5 --cpus-per-gpu=1")).isInstanceOf(Suggestion.Impossible.class);
    }

    @Test
    void withCpusPerGpuTheSumNeverCompletesOnATopologyYamlBlockPartition() throws Exception {
        Cluster yamlfz23 = OracleCase.clusterWithTopologyYaml("yamlfz23");
        SlurmTreePolicy v26 = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
        ClusterState idle = ClusterState.empty(yamlfz23);
        assertThat(v26.suggest(idle, SbatchOptions.parseLine("-N1 --gpus=6", "v2")))
                .isInstanceOf(Suggestion.Pending.class);
        for (String args : new String[] {"-N1 --gpus=6 --cpus-per-gpu=2 --gres-flags=enforce-binding",
                "-N1 --gpus=6 --cpus-per-gpu=2", "-N1 --gpus=5 --cpus-per-gpu=2", "-N1 --gpus=6 --cpus-per-gpu=1"}) {
            assertThat(v26.suggest(idle, SbatchOptions.parseLine(args, "y1"))).as(args)
                    .isInstanceOf(Suggestion.Impossible.class);
        }
    }
}
