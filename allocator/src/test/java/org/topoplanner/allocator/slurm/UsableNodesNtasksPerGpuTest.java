package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.model.job.SbatchOptions;

/**
 * 26.05 {@code _can_job_run_on_node} ({@code cons_tres/job_test.c}) drops a node whose GPUs
 * {@code gres_select_filter_remove_unusable} finds no CPUs for: {@code _foreach_remove_unusable}
 * ({@code gres_select_filter.c}) takes {@code cpus_per_gres} from {@code --cpus-per-gpu}, else from
 * {@code --ntasks-per-gpu} as {@code ntasks_per_gres x cpus_per_task}, and {@code max_cpus / cpus_per_gres == 0}
 * fails the node. So a node that the partition's {@code MaxCPUsPerNode} leaves one CPU holds no GPU of a
 * {@code --ntasks-per-gpu=2} job, {@code _select_nodes} finds fewer nodes than {@code min_nodes} before the topology
 * plugin, and the reason is {@code Resources}, not a topology error (own case featfz11 f68 under 26.05.5:
 * {@code -p mix --gpus=5 --ntasks-per-gpu=2} with b1 at mix's cap of 6 and b3 one CPU short of it).
 */
class UsableNodesNtasksPerGpuTest {

    /** One node of 8 free CPUs and 3 free GPUs; its partition lets the job have {@code cap} CPUs. */
    private static NodeChooser.Demand oneNode(int cap) {
        return FixedDemand.withPartitionCpus(FixedDemand.of(new int[] {Math.min(8, cap)}, new int[] {3}), cap);
    }

    @Test
    void aNodeWithCpusForLessThanOneGpusTasksIsNotUsable() throws Exception {
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine("-p cap --gpus=5 --ntasks-per-gpu=2", "u"));
        assertThat(UsableNodes.atLeast(1, FixedDemand.first(1), job, oneNode(1))).isFalse();
        assertThat(UsableNodes.atLeast(1, FixedDemand.first(1), job, oneNode(2))).isTrue();
    }

    @Test
    void theTasksCpusCountPerGpu() throws Exception {
        // -c3: one GPU's two tasks need 6 CPUs
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine("-p cap --gpus=5 --ntasks-per-gpu=2 -c3", "u"));
        assertThat(UsableNodes.atLeast(1, FixedDemand.first(1), job, oneNode(5))).isFalse();
        assertThat(UsableNodes.atLeast(1, FixedDemand.first(1), job, oneNode(6))).isTrue();
    }
}
