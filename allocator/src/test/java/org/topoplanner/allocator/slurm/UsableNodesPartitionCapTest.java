package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
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

    /** Two nodes of 8 free CPUs; node 0's partition lets the job have {@code cap0} of them. */
    private record TwoNodes(int cap0) implements NodeChooser.Demand {
        @Override
        public int availCpus(int i) {
            return Math.min(8, partitionCpus(i));
        }

        @Override
        public int gpusFor(int i) {
            return 0;
        }

        @Override
        public int freeCpus(int i) {
            return 8;
        }

        @Override
        public int partitionCpus(int i) {
            return i == 0 ? cap0 : PartitionCpuCap.NONE;
        }

        @Override
        public long weight(int i) {
            return 1;
        }

        @Override
        public void recount(int i, long credited) {
        }

        @Override
        public long creditedBefore() {
            return 0;
        }
    }

    private static BitSet both() {
        BitSet b = new BitSet();
        b.set(0, 2);
        return b;
    }

    @Test
    void aNodeWhosePartitionCpusAreAllUsedIsNotUsable() throws Exception {
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine("-p cap -N2 -n2", "u"));
        assertThat(UsableNodes.atLeast(2, both(), job, new TwoNodes(PartitionCpuCap.NONE))).isTrue();
        assertThat(UsableNodes.atLeast(2, both(), job, new TwoNodes(0))).isFalse();
    }

    @Test
    void aCapBelowOneTaskLeavesTheNodeOut() throws Exception {
        // part_cpu_limit 2 beside -c4: avail_cpus 2 < min_cpus_per_node 4
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parseLine("-p cap -N2 -n2 -c4", "u"));
        assertThat(UsableNodes.atLeast(2, both(), job, new TwoNodes(2))).isFalse();
        assertThat(UsableNodes.atLeast(2, both(), job, new TwoNodes(4))).isTrue();
    }
}
