package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The CPU term of the retry's {@code avail_res_cnt} for a GPU job ({@link KnapsackRetry.AvailRes#count}):
 * {@code _can_job_run_on_node}'s {@code avail_res->avail_cpus}, which {@code _allocate_sc} ends with
 * {@code MIN(cpu_count, part_cpu_limit)} (22.05.8 {@code select/cons_common/cons_common.c}, 24.11.5
 * {@code select/cons_tres/job_test.c}): the partition's {@code MaxCPUsPerNode} caps it, not only the core filter's
 * count. Node 0 has 32 free CPUs of which its partition lets the job have 4, and 8 GPUs (count 12); node 1 32 CPUs
 * and 4 GPUs (36); node 2 16 and 4 (20): node 0 leaves first, then node 2. Counted by its free CPUs node 0 (40) was
 * the last one left. Own probe c22r1 r1 (r22j, 24.11.5 "topology"): short's nodes each count 8 CPUs plus their
 * GPUs, so b3 and b4 (12) leave before a4 (16), and a4 with c2 hold 16 CPUs, no switch with the job's 24.
 */
class KnapsackRetryPartitionCapTest {
    @Test
    void thePartitionsCpuCapLowersANodesCount() throws Exception {
        SlurmJobSpec job = SlurmJobSpec.of(SbatchOptions.parse(List.of("-N1", "--gpus=1"), "j"));
        int[] gpus = {8, 4, 4};
        int[] free = {32, 32, 16};
        int[] filtered = {4, 32, 16};
        for (SlurmVersion v : List.of(SlurmVersion.V22_05, SlurmVersion.V24_11)) {
            NodeChooser.Demand first = FixedDemand.withPartitionCpus(
                    new FixedDemand(filtered, gpus, gpus, free, true), 4, PartitionCpuCap.NONE, PartitionCpuCap.NONE);
            NodeChooser.Demand second = FixedDemand.withPartitionCpus(
                    new FixedDemand(filtered, gpus, gpus, free, false), 4, PartitionCpuCap.NONE, PartitionCpuCap.NONE);
            assertThat(maps(v, job, first, second)).as(v.label())
                    .containsExactly("{0, 1, 2}", "{0, 1, 2}", "{1, 2}", "{1}");
        }
    }

    private static List<String> maps(SlurmVersion v, SlurmJobSpec job, NodeChooser.Demand first,
                                     NodeChooser.Demand second) {
        List<String> maps = new ArrayList<>();
        NodeChooser evaluation = (map, required, j, demand, minCpus) -> {
            maps.add(map.toString());
            return null;
        };
        NodeChooser retry = KnapsackRetry.of(evaluation, KnapsackRetry.Hopeless.NEVER, v);
        BitSet all = new BitSet();
        all.set(0, 3);
        assertThat(retry.select(all, new BitSet(), job, first, 1)).isNull();
        assertThat(retry.select(all, new BitSet(), job, second, 1)).isNull();
        return maps;
    }
}
