package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * 22.05.8's {@code dist_tasks_compute_c_b} ({@code cons_common/dist_tasks.c}) as the planner deals its own nodes
 * ({@link TaskDeal2205#deal}).
 */
class TaskDeal2205Test {

    /**
     * {@code -N2 -n6} one CPU a task on two 2-thread nodes with room: one task each, the begun cores' second thread
     * each, then a round of a core's worth (two tasks) on the first node: 4 + 2, not the even 3 + 3.
     */
    @Test
    void firstNodeFillsItsBegunCoresFirst() {
        assertThat(TaskDeal2205.deal(6, 1, new int[] {8, 8}, new int[] {2, 2}))
                .containsExactly(4, 2);
    }

    /**
     * {@code -N2 -n4 -c3 --ntasks-per-gpu=1} on 2-thread nodes of 20 and 8 free CPUs: {@code _select_cores} holds a
     * node to 4 / 2 tasks and the GPU filter to their three cores, so the deal reads 6 + 6 (2 + 2 tasks); over the
     * counts {@code _cpus_to_use} alone leaves (10 + 3) it deals 3 + 1.
     */
    @Test
    void ntasksPerGpuHoldsEachNodeToItsShareOfCores() {
        org.topoplanner.model.job.JobRequest job = PlannerPolicyTest.job("-N2 -n4 -c3 --ntasks-per-gpu=1");
        int[] kept = TaskDeal2205.gpuFilterCut(job, new int[] {20, 8}, new int[] {2, 2}, 3);
        assertThat(kept).containsExactly(6, 6);
        assertThat(TaskDeal2205.deal(4, 3, kept, new int[] {2, 2})).containsExactly(2, 2);
        org.topoplanner.model.job.JobRequest plain = PlannerPolicyTest.job("-N2 -n4 -c3");
        assertThat(TaskDeal2205.gpuFilterCut(plain, new int[] {20, 8}, new int[] {2, 2}, 3)).containsExactly(10, 3);
    }

    /** One-thread nodes: rounds of one task a node, the even split. */
    @Test
    void oneThreadNodesDealEvenly() {
        assertThat(TaskDeal2205.deal(6, 1, new int[] {8, 8}, new int[] {1, 1}))
                .containsExactly(3, 3);
    }

    /** A node's CPUs bound the deal; the rest go on. */
    @Test
    void capsBound() {
        assertThat(TaskDeal2205.deal(6, 1, new int[] {2, 8}, new int[] {2, 2}))
                .containsExactly(2, 4);
    }

    /** CPUs short of the tasks: no deal (22.05 would over-subscribe; the planner keeps its even split). */
    @Test
    void tooFewCpusIsNoDeal() {
        assertThat(TaskDeal2205.deal(6, 2, new int[] {4, 4}, new int[] {2, 2})).isNull();
    }

    /**
     * {@code _cpus_to_use} in table order ({@code -N3 -n9} on three 2-thread nodes of 8 free CPUs): the first node
     * lowered to 9 less a core for each of the two still to come, 5; the second to 4 less one core, 2; the last to 2.
     */
    @Test
    void cpusToUseLowersTheFirstNodeToWhatTheOthersLeave() {
        assertThat(TaskDeal2205.cpusToUse(9, 1, new int[] {8, 8, 8}, new int[] {2, 2, 2})).containsExactly(5, 2, 2);
        // a node offering no more than it may keep is not lowered; the next ones share what is left
        assertThat(TaskDeal2205.cpusToUse(9, 1, new int[] {4, 8, 8}, new int[] {2, 2, 2})).containsExactly(4, 3, 2);
        // never below one task's CPUs (pn_min_cpus)
        assertThat(TaskDeal2205.cpusToUse(6, 3, new int[] {8, 8}, new int[] {2, 2})).containsExactly(4, 3);
    }

    /** The deal over the lowered counts: 5 + 2 + 2 tasks, where the uncut 8 + 8 + 8 deals 4 + 3 + 2. */
    @Test
    void theDealReadsTheLoweredCounts() {
        int[] tpc = {2, 2, 2};
        assertThat(TaskDeal2205.deal(9, 1, new int[] {8, 8, 8}, tpc)).containsExactly(4, 3, 2);
        assertThat(TaskDeal2205.deal(9, 1, TaskDeal2205.cpusToUse(9, 1, new int[] {8, 8, 8}, tpc), tpc))
                .containsExactly(5, 2, 2);
    }

    /**
     * {@code -N2 -n4 -c3} kept at 8 + 4 CPUs on two-thread nodes: one task each, a second on the first (6), then no
     * room for a whole task, so the fourth is over-subscribed: the first node's CPUs grow to its 8, the second
     * keeps its 3 (22.05 {@code dist_tasks_compute_c_b}).
     */
    @Test
    void overSubscribedTasksStayWithinTheKeptCounts() {
        assertThat(TaskDeal2205.deal(4, 3, new int[] {8, 4}, new int[] {2, 2})).isNull();
        assertThat(TaskDeal2205.cpusOverSubscribed(4, 3, new int[] {8, 4}, new int[] {2, 2})).containsExactly(8, 3);
    }
}
