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
 * 26.05's sbatch test of a one-node job ({@code max_nodes == 1}) in a block partition goes where the pick goes,
 * {@code _get_one_res} ({@code cons_tres/job_test.c}), not to the block plugin: nodes in weight order, the per-job GPU
 * count summed from node to node, and with {@code --cpus-per-gpu} a node short of the GPU total short of the CPUs too
 * ({@link SlurmBlockPolicy#oneNodeGpusAddUp}). So a job that one heavier node alone could hold is refused when the
 * lighter nodes' GPUs add up first. Probe yamlfz28p (own case yamlfz28's files, every job on the idle cluster;
 * results/v26.05/yamlfz28p.jsonl): {@code -p blk -N1 --gpus=5 --cpus-per-gpu=5} (with or without enforce-binding,
 * and with one CPU per GPU) is refused though d1 (weight 10, 8 GPUs) holds it; without {@code --cpus-per-gpu} it is
 * accepted and waits ({@code Resources}); {@code -w d1} runs on d1; {@code --gpus=4} runs on l6 (4 GPUs, weight 1).
 * The emulation refused only when the block plugin's test on the idle cluster failed as well.
 */
class OneNodeSubmitTestGetOneResTest {
    private static final Cluster YAMLFZ28 = OracleCase.clusterWithTopologyYaml("yamlfz28");

    private static Suggestion idle(String args) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05))
                .suggest(ClusterState.empty(YAMLFZ28), SbatchOptions.parseLine(args, "y"));
    }

    @Test
    void aOneNodeJobWithCpusPerGpuIsRefusedWhenTheLighterNodesGpusAddUpFirst() throws Exception {
        for (String args : new String[] {"-p blk -N1 --gpus=5 --cpus-per-gpu=5 --gres-flags=enforce-binding",
                "-p blk -N1 --gpus=5 --cpus-per-gpu=5", "-p blk -N1 --gpus=5 --cpus-per-gpu=1"}) {
            assertThat(idle(args)).as(args).isInstanceOf(Suggestion.Impossible.class);
        }
    }

    @Test
    void withoutCpusPerGpuTheSumCompletesAndTheJobWaits() throws Exception {
        Suggestion s = idle("-p blk -N1 --gpus=5");
        assertThat(s).isInstanceOf(Suggestion.Pending.class);
        assertThat(((Suggestion.Pending) s).reason()).isEqualTo(PendingReason.RESOURCES);
    }

    @Test
    void theNamedNodeOrALighterNodeHoldingEveryGpuRuns() throws Exception {
        assertThat(hostOf(idle("-p blk -w d1 -N1 --gpus=5 --cpus-per-gpu=5 --gres-flags=enforce-binding")))
                .isEqualTo("d1");
        assertThat(hostOf(idle("-p blk -N1 --gpus=4 --cpus-per-gpu=5 --gres-flags=enforce-binding"))).isEqualTo("l6");
    }

    private static String hostOf(Suggestion s) {
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        return ((Suggestion.Placed) s).placement().hosts().stream().map(HostAllocation::host).findFirst().orElseThrow();
    }
}
