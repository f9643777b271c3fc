package org.topoplanner.app.desktop.fabric.layout;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * A uniform grid of buckets over axis-aligned rectangles, for hit-testing and culling in world
 * coordinates. Queries run on one thread (the FX thread); each reports an item once.
 */
final class GridIndex {
    private final double cellW;
    private final double cellH;
    private final int cols;
    private final int rows;
    private final double[] x;
    private final double[] y;
    private final double[] w;
    private final double[] h;
    private final int[][] buckets;
    private final int[] stamp;
    private int query;

    GridIndex(double worldW, double worldH, double cellW, double cellH, double[] x, double[] y, double[] w, double[] h) {
        this.cellW = cellW;
        this.cellH = cellH;
        this.cols = Math.max(1, (int) Math.ceil(worldW / cellW));
        this.rows = Math.max(1, (int) Math.ceil(worldH / cellH));
        this.x = x;
        this.y = y;
        this.w = w;
        this.h = h;
        this.stamp = new int[x.length];
        int[] counts = new int[cols * rows];
        for (int i = 0; i < x.length; i++) {
            forCells(i, c -> counts[c]++);
        }
        buckets = new int[cols * rows][];
        for (int c = 0; c < counts.length; c++) {
            buckets[c] = new int[counts[c]];
        }
        int[] fill = new int[cols * rows];
        for (int i = 0; i < x.length; i++) {
            int item = i;
            forCells(i, c -> buckets[c][fill[c]++] = item);
        }
    }

    private void forCells(int i, IntConsumer cell) {
        int c0 = col(x[i]);
        int c1 = col(x[i] + w[i]);
        int r0 = row(y[i]);
        int r1 = row(y[i] + h[i]);
        for (int r = r0; r <= r1; r++) {
            for (int c = c0; c <= c1; c++) {
                cell.accept(r * cols + c);
            }
        }
    }

    private int col(double wx) {
        return Math.min(cols - 1, Math.max(0, (int) Math.floor(wx / cellW)));
    }

    private int row(double wy) {
        return Math.min(rows - 1, Math.max(0, (int) Math.floor(wy / cellH)));
    }

    int size() {
        return x.length;
    }

    /** Reports each item whose rectangle meets the query rectangle. */
    void query(double x0, double y0, double x1, double y1, IntConsumer out) {
        if (x.length == 0) {
            return;
        }
        if (++query == Integer.MAX_VALUE) {
            Arrays.fill(stamp, 0);
            query = 1;
        }
        int c0 = col(x0);
        int c1 = col(x1);
        int r0 = row(y0);
        int r1 = row(y1);
        for (int r = r0; r <= r1; r++) {
            for (int c = c0; c <= c1; c++) {
                for (int i : buckets[r * cols + c]) {
                    if (stamp[i] != query && x[i] <= x1 && x[i] + w[i] >= x0 && y[i] <= y1 && y[i] + h[i] >= y0) {
                        stamp[i] = query;
                        out.accept(i);
                    }
                }
            }
        }
    }

    /** The item containing the point (the last one indexed, if several), or -1. */
    int hit(double px, double py) {
        if (x.length == 0) {
            return -1;
        }
        int best = -1;
        for (int i : buckets[row(py) * cols + col(px)]) {
            if (px >= x[i] && px <= x[i] + w[i] && py >= y[i] && py <= y[i] + h[i]) {
                best = Math.max(best, i);
            }
        }
        return best;
    }

    /** How many item references the buckets hold (an item spanning k buckets counts k times). */
    int references() {
        int n = 0;
        for (int[] b : buckets) {
            n += b.length;
        }
        return n;
    }
}
