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
        assertThat(TaskDeal2205.deal(6, 1, new int[] {8, 8}, new int[] {99, 99}, new int[] {2, 2}))
                .containsExactly(4, 2);
    }

    /** One-thread nodes: rounds of one task a node, the even split. */
    @Test
    void oneThreadNodesDealEvenly() {
        assertThat(TaskDeal2205.deal(6, 1, new int[] {8, 8}, new int[] {99, 99}, new int[] {1, 1}))
                .containsExactly(3, 3);
    }

    /** A node's CPUs and, past its first task, its GPU task limit bound the deal; the rest go on. */
    @Test
    void capsAndGpuLimitBound() {
        assertThat(TaskDeal2205.deal(6, 1, new int[] {2, 8}, new int[] {99, 99}, new int[] {2, 2}))
                .containsExactly(2, 4);
        assertThat(TaskDeal2205.deal(6, 1, new int[] {8, 8}, new int[] {3, 99}, new int[] {2, 2}))
                .containsExactly(3, 3);
    }

    /** CPUs short of the tasks: no deal (22.05 would over-subscribe; the planner keeps its even split). */
    @Test
    void tooFewCpusIsNoDeal() {
        assertThat(TaskDeal2205.deal(6, 2, new int[] {4, 4}, new int[] {99, 99}, new int[] {2, 2})).isNull();
    }
}
