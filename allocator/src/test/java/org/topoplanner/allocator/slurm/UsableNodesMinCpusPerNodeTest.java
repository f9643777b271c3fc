package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.model.job.SbatchOptions;

/**
 * {@code _can_job_run_on_node} (cons_tres {@code job_test.c}, 22.05.8, 24.11.5, 26.05.5) drops a node whose
 * {@code avail_cpus} is below {@code min_cpus_per_node} ({@link MinCpusPerNode}: an {@code -N1} job's whole task
 * count times {@code -c}), and {@code _allocate_sc}'s step 4 counts a socket's cores only up to
 * {@code --ntasks-per-socket}'s CPUs, GPU job or not ({@link NodeChooser.Demand#allocateScCpus}). {@link UsableNodes}
 * counted one task a node and every free CPU. Lead's featfz14 f57 ({@code -p short -N1 -n3 -c5 --gpus-per-node=3},
 * short capped at 8 CPUs a node, 24.11.5 "node": no node reaches the tree).
 */
class UsableNodesMinCpusPerNodeTest {

    @Test
    void aOneNodeJobsNodeMustHoldAllItsTasks() throws Exception {
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine("-N1 -n3 -c5 --gpus-per-node=3", "u"));
        NodeChooser.Demand capped = FixedDemand.withPartitionCpus(
                FixedDemand.of(new int[] {8}, new int[] {4}), 8);
        assertThat(UsableNodes.usable(0, job, capped)).isFalse();
        NodeChooser.Demand open = FixedDemand.withPartitionCpus(
                FixedDemand.of(new int[] {16}, new int[] {4}), PartitionCpuCap.NONE);
        assertThat(UsableNodes.usable(0, job, open)).isTrue();
    }

    @Test
    void aSocketsCpusCountOnlyUpToItsTasks() throws Exception {
        // -N1 -n3 --ntasks-per-socket=1 -c3: 9 CPUs wanted, a two-socket node's step 4 keeps 2 x 3
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine("-N1 -n3 --ntasks-per-socket=1 -c3 --gpus=1",
                "u"));
        NodeChooser.Demand twoSockets = new NodeChooser.Demand.Delegating(
                FixedDemand.of(new int[] {32}, new int[] {4})) {
            @Override
            public int allocateScCpus(int i) {
                return 6;
            }
        };
        assertThat(UsableNodes.usable(0, job, twoSockets)).isFalse();
        assertThat(UsableNodes.usable(0, job, FixedDemand.of(new int[] {32}, new int[] {4}))).isTrue();
    }
}
