package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code _compute_plane_dist} ({@code dist_tasks.c}, 22.05.8 {@code cons_common}, 24.11.5 and 26.05
 * {@code cons_tres}): each round deals every node up to the plane's size in tasks, within the CPUs the selection gave
 * it; 24.11 and 26.05 stop when a round leaves no room ({@code ESLURM_BAD_TASK_COUNT}), 22.05 over-subscribes.
 */
class PlaneTasksTest {

    private static int[][] deal(int[] given, int tasks, int cpt, int plane, boolean overSubscribe) {
        CoreFilter.Result[] results = new CoreFilter.Result[given.length];
        BitSet chosen = new BitSet();
        int[] order = new int[given.length];
        for (int i = 0; i < given.length; i++) {
            BitSet cores = new BitSet();
            cores.set(0, 16);
            results[i] = new CoreFilter.Result(cores, 16, 0, null, 16, Long.MAX_VALUE, CoreFilter.NO_VAL);
            chosen.set(i);
            order[i] = i;
        }
        NodePick pick = new NodePick(chosen, order, given);
        List<Integer> idx = java.util.stream.IntStream.range(0, given.length).boxed().toList();
        return PlaneTasks.deal(idx, results, pick, tasks, cpt, plane, overSubscribe);
    }

    @Test
    void dealsWholePlanesPerNodeAndRound() {
        // four CPUs given on each of two nodes: plane=4 fills the first node before the second gets any task, where
        // the one-task-per-node rounds would give two each
        assertThat(deal(new int[] {4, 4}, 4, 1, 4, false)[0]).containsExactly(4, 0);
        assertThat(deal(new int[] {4, 4}, 6, 1, 4, false)[0]).containsExactly(4, 2);
    }

    @Test
    void keepsToTheCpusTheSelectionGave() {
        // sb7a d6 (-N2 -n6 -m plane=2): g1 given 5 CPUs, g2 1: 2+1, then 2, then 1: five tasks on g1
        int[][] d6 = deal(new int[] {5, 1}, 6, 1, 2, false);
        assertThat(d6[0]).containsExactly(5, 1);
        assertThat(d6[1]).containsExactly(5, 1);
        // c12h1 a4 (-N2 -n5 -c2 -m plane=2): 8 and 2 CPUs
        assertThat(deal(new int[] {8, 2}, 5, 2, 2, false)[1]).containsExactly(8, 2);
    }

    @Test
    void runsOutOfRoomAsEachReleaseDoes() {
        // 24.11/26.05: the third task finds no CPU (ESLURM_BAD_TASK_COUNT); 22.05 over-subscribes the first node
        assertThat(deal(new int[] {1, 1}, 3, 1, 2, false)[0]).containsExactly(1, 1);
        assertThat(deal(new int[] {1, 1}, 3, 1, 2, true)[0]).containsExactly(2, 1);
    }
}
