package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code _dist_tasks_compute_c_b} ({@code select/cons_tres/dist_tasks.c}, 24.11.5 and 26.05): past a node's first
 * task, tasks go only where {@code gres_task_limit} allows. For a job without a per-task GPU count the limit is the
 * node's {@code gres_max_tasks} ({@code job_test.c}: {@code have_gres_max_tasks}), a soft one: a round that leaves
 * no node room with tasks still to place drops it and goes on with the CPUs alone
 * ({@code gres_select_util_job_tres_per_task} false). With {@code --gpus-per-task} the limit is the node's GPUs
 * over the per-task count ({@code gres_select_util_get_task_limit}) and stays: the job fails with
 * {@code ESLURM_BAD_TASK_COUNT}.
 */
class DistTasksSoftGresLimitTest {
    /** One 1-thread node of 2 x 4 cores: 6 CPUs given, its GPUs allow 2 tasks. */
    private static final SlurmNode NODE = new SlurmNode("n1", 0, 0, 2, 4, 1, 1, List.of());

    private static int[] layout(SlurmJobSpec job, boolean soft) {
        BitSet cores = new BitSet();
        cores.set(0, 6);
        CoreFilter.Result r = new CoreFilter.Result(cores, 6, 0, null, 2, Long.MAX_VALUE, CoreFilter.NO_VAL);
        BitSet chosen = new BitSet();
        chosen.set(0);
        NodePick pick = new NodePick(chosen, new int[] {0}, new int[] {6});
        return TaskDistribution.distributeTasks(List.of(0), List.of(NODE), new CoreFilter.Result[] {r}, pick, job,
                soft);
    }

    @Test
    void theSoftLimitIsDroppedWhenTheTasksDoNotFit() {
        SlurmJobSpec job = SlurmJobSpec.builder("j").ntasks(3).cpusPerTask(2).gpus(1, null, null, null).build();
        assertThat(layout(job, true)).containsExactly(3);
    }

    @Test
    void aHardLimitLeavesTheTaskUnplaced() {
        SlurmJobSpec job = SlurmJobSpec.builder("j").ntasks(3).cpusPerTask(2).gpus(null, null, 1, null).build();
        assertThat(layout(job, false)).containsExactly(2);
    }

    @Test
    void withoutTheLimitTheCpusStillBoundTheTasks() {
        // 6 CPUs hold three tasks of 2; the fourth is not placed even without the limit (ESLURM_BAD_TASK_COUNT)
        SlurmJobSpec job = SlurmJobSpec.builder("j").ntasks(4).cpusPerTask(2).gpus(1, null, null, null).build();
        assertThat(layout(job, true)).containsExactly(3);
    }
}
