package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * What a required ({@code -w}) node of a {@code --gpus-per-task} job counts toward the job's GPU total in 24.11 and
 * 26.05: {@code gres_sched_add} ({@code topology/common/gres_sched.c}) adds the filter's {@code sock_gres->total_cnt}
 * ("Already assumed a number of gres tasks on this node": {@code min_gres = gres_limit}), which the node's CPUs lower
 * only through {@code eval_nodes_gres}' {@code _reduce_res_core_by_task_cnt} ({@code topology/common/eval_nodes.c}),
 * when the tasks they hold fall below {@code gres_max_tasks}. Own probe c22e1 e3 ({@code -w q1,t1 -N2 -n6
 * --ntasks-per-socket=3 -c1 --gpus-per-task=1}, q1's cores 6 and 7 free): q1's 4 CPUs hold 3 tasks, the filter's
 * task count is 3 too (4 rounded down to a multiple of 3), so q1 counts all 4 free GPUs; t1 is then asked for the 2
 * left ({@code _set_max_gres}), 2 tasks, none at 3 a socket, and the job waits {@code Resources} (24.11.5, 26.05.5).
 */
class RequiredTaskGpuCreditTest {
    private static final String E3 = "-w q1,t1 -N2 -n6 --ntasks-per-socket=3 -c1 --gpus-per-task=1";

    @Test
    void aRequiredNodeCountsEveryFilteredGpuWhenItsCpusHoldTheFiltersTasks() throws Exception {
        SlurmNode q1 = SlurmNode.of(OracleCase.cluster("c22e1")).stream().filter(n -> n.name().equals("q1"))
                .findFirst().orElseThrow();
        BitSet cores = new BitSet();
        cores.set(6, 8); // b2 holds cores 0-5 (24.11.5: CPUs 0-11)
        BitSet gpus = new BitSet();
        gpus.set(0, 4);
        NodeUse use = new NodeUse(cores, gpus, false, false);
        SlurmJobSpec e3 = SlurmJobSpec.of(SbatchOptions.parseLine(E3, "e3"));
        CoreFilter.Result r = CoreFilter.select(q1, use, e3, false, false, SlurmVersion.V24_11, 0, 2,
                CoreFilter.NO_VAL);
        assertThat(r).isNotNull();
        assertThat(r.maxTasks()).isEqualTo(3);
        assertThat(r.availCpus()).isEqualTo(3);
        assertThat(NodeGpuCredit.requiredCredit(q1, e3, use, r, 0, true)).isEqualTo(4);
    }
}
