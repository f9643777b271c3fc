package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _dist_tasks_compute_c_b} (select/cons_tres/dist_tasks.c, 24.11.5 and 26.05.5 alike) packs tasks by cores: one
 * task per node, then the rest of each core already begun, then a whole core's worth per node and round. A
 * {@code --segment} job's nodes are not cut to their share by the selection ({@code eval_nodes_block}: a segment's
 * {@code rem_max_cpus} is {@code max_cpus / segment_cnt}, no limit), so the packing decides the CPUs. Own case blockfz35
 * k26 ({@code -x h7 -N4 -n8 -c1 --gpus-per-node=2 --segment=1}, 26.05.5): 4 CPUs on the 2-thread h1, 2 on m4 and one
 * on each 1-thread u node, where one task per node and round gave two each.
 */
class TaskPackingDistributionTest {

    private static Map<String, CpuSet> cpusOf(String args) throws Exception {
        Suggestion s = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05))
                .suggest(ClusterState.empty(OracleCase.cluster("blockfz35")), SbatchOptions.parseLine(args, "k"));
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        List<HostAllocation> hosts = ((Suggestion.Placed) s).placement().hosts();
        return hosts.stream().collect(Collectors.toMap(HostAllocation::host, HostAllocation::cpus));
    }

    @Test
    void aTwoThreadNodeTakesAWholeCorePerRoundAndAOneThreadNodeOneTask() throws Exception {
        // h1 (2 x 8 cores, 2 threads) and u5 (2 x 16, 1 thread), one segment each: h1 1 + 1 (its begun core) + 2, u5 1
        Map<String, CpuSet> cpus = cpusOf("-w h1,u5 -N2 -n5 -c1 --gpus-per-node=1 --segment=1");
        assertThat(cpus.get("h1").size()).isEqualTo(4);
        assertThat(cpus.get("u5").size()).isEqualTo(1);
    }
}
