package org.topoplanner.allocator.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * The best ring through a set of devices: the cyclic order whose slowest step is fastest (a bottleneck
 * Hamiltonian cycle). Exact up to {@value #EXACT_LIMIT} devices by a search over the distinct link
 * rates with a subset dynamic programme for each; above that a nearest-neighbour ring (an estimate).
 *
 * @param order      the devices' positions in the input, in ring order
 * @param bottleneck the slowest step's rate; {@code +Infinity} for fewer than two devices
 * @param slowFrom   one end of the slowest step (position in the input), -1 for fewer than two devices
 * @param slowTo     the other end
 * @param exact      false when the ring is the nearest-neighbour estimate
 */
public record GpuRing(List<Integer> order, double bottleneck, int slowFrom, int slowTo, boolean exact) {
    public static final int EXACT_LIMIT = 16;

    public GpuRing {
        order = List.copyOf(order);
    }

    /** The best ring over {@code rate[i][j]} (symmetric; the diagonal is ignored). */
    public static GpuRing best(double[][] rate) {
        int n = rate.length;
        if (n < 2) {
            return new GpuRing(n == 1 ? List.of(0) : List.of(), Double.POSITIVE_INFINITY, -1, -1, true);
        }
        if (n == 2) {
            return new GpuRing(List.of(0, 1), rate[0][1], 0, 1, true);
        }
        if (n > EXACT_LIMIT) {
            return nearestNeighbour(rate);
        }
        TreeSet<Double> levels = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                levels.add(rate[i][j]);
            }
        }
        List<Double> asc = new ArrayList<>(levels);
        int lo = 0;
        int hi = asc.size() - 1;
        int[] bestOrder = cycle(rate, asc.get(0));
        // The lowest level always admits a ring (the complete graph); search the highest that does.
        while (lo < hi) {
            int mid = (lo + hi + 1) / 2;
            int[] c = cycle(rate, asc.get(mid));
            if (c != null) {
                lo = mid;
                bestOrder = c;
            } else {
                hi = mid - 1;
            }
        }
        return finish(rate, bestOrder, true);
    }

    private static GpuRing finish(double[][] rate, int[] order, boolean exact) {
        int n = order.length;
        double worst = Double.POSITIVE_INFINITY;
        int from = -1;
        int to = -1;
        List<Integer> list = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            int a = order[k];
            int b = order[(k + 1) % n];
            list.add(a);
            if (rate[a][b] < worst) {
                worst = rate[a][b];
                from = Math.min(a, b);
                to = Math.max(a, b);
            }
        }
        return new GpuRing(list, worst, from, to, exact);
    }

    /** A Hamiltonian cycle using only steps of at least {@code level}, or {@code null}. */
    private static int[] cycle(double[][] rate, double level) {
        int n = rate.length;
        int full = (1 << n) - 1;
        // prev[mask][v]: the vertex before v on a path from 0 through mask ending at v; -1 = none; -2 = start.
        byte[][] prev = new byte[1 << n][];
        prev[1] = new byte[n];
        Arrays.fill(prev[1], (byte) -1);
        prev[1][0] = (byte) -2;
        for (int mask = 1; mask <= full; mask += 2) {
            if (prev[mask] == null) {
                continue;
            }
            for (int v = 0; v < n; v++) {
                if (prev[mask][v] == -1) {
                    continue;
                }
                for (int w = 1; w < n; w++) {
                    if ((mask & (1 << w)) != 0 || rate[v][w] < level) {
                        continue;
                    }
                    int next = mask | (1 << w);
                    if (prev[next] == null) {
                        prev[next] = new byte[n];
                        Arrays.fill(prev[next], (byte) -1);
                    }
                    if (prev[next][w] == -1) {
                        prev[next][w] = (byte) v;
                    }
                }
            }
        }
        if (prev[full] == null) {
            return null;
        }
        for (int v = 1; v < n; v++) {
            if (prev[full][v] != -1 && rate[v][0] >= level) {
                int[] order = new int[n];
                int mask = full;
                int cur = v;
                for (int k = n - 1; k >= 0; k--) {
                    order[k] = cur;
                    int p = prev[mask][cur];
                    mask &= ~(1 << cur);
                    cur = p;
                }
                return order;
            }
        }
        return null;
    }

    private static GpuRing nearestNeighbour(double[][] rate) {
        int n = rate.length;
        boolean[] used = new boolean[n];
        int[] order = new int[n];
        used[0] = true;
        for (int k = 1; k < n; k++) {
            int from = order[k - 1];
            int best = -1;
            for (int j = 0; j < n; j++) {
                if (!used[j] && (best < 0 || rate[from][j] > rate[from][best])) {
                    best = j;
                }
            }
            order[k] = best;
            used[best] = true;
        }
        return finish(rate, order, false);
    }
}
