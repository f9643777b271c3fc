package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The tasks a {@code CR_CPU} job's whole cores hold per node ({@link TasksFromCores}). */
class TasksFromCoresTest {

    @Test
    void eachNodeHoldsTheTasksWhoseCpusItsCoresShow() {
        // mem2b seed 5558292: -n6 -c3 showing 6, 10 and 4 CPUs on two-thread cores
        assertThat(TasksFromCores.split(new int[] {6, 10, 4}, new int[] {2, 2, 2}, 6, 3)).containsExactly(2, 3, 1);
    }

    @Test
    void tasksLeftOverTheLeastGoToTheFirstNodes() {
        // c11h1 j3: -n8 on 6 and 2 CPUs of two-thread cores; -n3 on one core each: the first node's core is full
        assertThat(TasksFromCores.split(new int[] {6, 2}, new int[] {2, 2}, 8, 1)).containsExactly(6, 2);
        assertThat(TasksFromCores.split(new int[] {2, 2}, new int[] {2, 2}, 3, 1)).containsExactly(2, 1);
    }

    @Test
    void noSplitWhereTheCoresHoldOtherThanTheTasks() {
        // a node raised past its tasks' CPUs (a GPU's cores), or more tasks than the cores hold
        assertThat(TasksFromCores.split(new int[] {8, 4}, new int[] {2, 2}, 2, 3)).isNull();
        assertThat(TasksFromCores.split(new int[] {4, 4}, new int[] {2, 2}, 9, 1)).isNull();
        // one-thread cores show exactly the CPUs: 7 CPUs hold no whole -c2 tasks
        assertThat(TasksFromCores.split(new int[] {7}, new int[] {1}, 4, 2)).isNull();
    }
}
