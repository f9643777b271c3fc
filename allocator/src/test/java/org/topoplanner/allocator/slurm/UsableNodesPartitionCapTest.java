package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.model.job.SbatchOptions;

/**
 * {@code _can_job_run_on_node} (22.05 {@code cons_tres/job_test.c}, 24.11 and 26.05 the same function) drops a node
 * whose {@code _allocate_sc} gives no CPUs: {@code avail_cpus = MIN(cpu_count, part_cpu_limit)}, and none at all
 * ({@code num_tasks = 0}) once the partition's used CPUs reach its {@code MaxCPUsPerNode}. {@code _select_nodes} then
 * returns {@code SLURM_ERROR} for fewer nodes than {@code min_nodes} before the topology plugin runs, so 26.05 writes
 * {@code Resources}, not a topology error. {@link UsableNodes} counted such a node by its free CPUs.
 */
class UsableNodesPartitionCapTest {

    /** Two nodes of 8 free CPUs, no GPU asked; node 0's partition lets the job have {@code cap0} of them. */
    private static NodeChooser.Demand twoNodes(int cap0) {
        return FixedDemand.withPartitionCpus(FixedDemand.of(new int[] {Math.min(8, cap0), 8}, new int[] {0, 0}),
                cap0, PartitionCpuCap.NONE);
    }

    @Test
    void aNodeWhosePartitionCpusAreAllUsedIsNotUsable() throws Exception {
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine("-p cap -N2 -n2", "u"));
        assertThat(UsableNodes.atLeast(2, FixedDemand.first(2), job, twoNodes(PartitionCpuCap.NONE))).isTrue();
        assertThat(UsableNodes.atLeast(2, FixedDemand.first(2), job, twoNodes(0))).isFalse();
    }

    @Test
    void aCapBelowOneTaskLeavesTheNodeOut() throws Exception {
        // part_cpu_limit 2 beside -c4: avail_cpus 2 < min_cpus_per_node 4
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine("-p cap -N2 -n2 -c4", "u"));
        assertThat(UsableNodes.atLeast(2, FixedDemand.first(2), job, twoNodes(2))).isFalse();
        assertThat(UsableNodes.atLeast(2, FixedDemand.first(2), job, twoNodes(4))).isTrue();
    }
}
