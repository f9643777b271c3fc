package org.topoplanner.allocator.slurm;

import java.lang.ref.WeakReference;
import java.util.Arrays;
import java.util.List;

/**
 * The distinct configured weights of a node table, ascending, computed once per table: 26.05's one-node shortcut
 * ({@link FirstFitOneNode}) orders its candidates by weight on every question, and collecting and sorting the
 * weights of thousands of candidates cost more than finding the first node that fits. The choosers get the node
 * table without its cluster, so the last few tables are remembered by identity (weakly: a closed cluster's table
 * is not kept alive by this).
 */
final class TableWeights {
    private static final int KEPT = 4;

    private record Known(WeakReference<List<SlurmNode>> nodes, long[] weights) {
    }

    private static final Known[] KNOWN = new Known[KEPT];
    private static int next;

    private TableWeights() {
    }

    /** The distinct weights of {@code nodes}, ascending; do not modify. */
    static long[] of(List<SlurmNode> nodes) {
        synchronized (KNOWN) {
            for (Known k : KNOWN) {
                if (k != null && k.nodes().get() == nodes) {
                    return k.weights();
                }
            }
        }
        long[] w = distinct(nodes);
        synchronized (KNOWN) {
            KNOWN[next] = new Known(new WeakReference<>(nodes), w);
            next = (next + 1) % KEPT;
        }
        return w;
    }

    private static long[] distinct(List<SlurmNode> nodes) {
        long[] w = new long[nodes.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = nodes.get(i).weight();
        }
        return distinctAscending(w);
    }

    /** The distinct values of {@code w}, ascending (sorts {@code w} in place). */
    static long[] distinctAscending(long[] w) {
        Arrays.sort(w);
        int distinct = 0;
        for (int j = 0; j < w.length; j++) {
            if (j == 0 || w[j] != w[j - 1]) {
                w[distinct++] = w[j];
            }
        }
        return Arrays.copyOf(w, distinct);
    }
}
