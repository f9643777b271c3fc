package org.topoplanner.app.desktop.fabric.layout;

import java.util.Arrays;
import java.util.List;

/**
 * Orders the items of each layer so that edges between layers cross little: the layer-by-layer
 * barycenter heuristic of Sugiyama, Tagawa and Toda ("Methods for visual understanding of
 * hierarchical system structures", 1981), alternating down and up sweeps and keeping the best
 * order seen. Crossings are counted with the accumulator tree of Barth, Jünger and Mutzel
 * ("Simple and efficient bilayer cross counting", 2002).
 *
 * <p>Positions are normalised by layer size, so edges that skip a layer (a core cabled straight
 * to a leaf) pull in proportion. Ties keep their current order, so a well-ordered input stays put.
 */
final class LayeredOrdering {
    private final int[][] layers;
    private final int[] layerOf;
    private final int[][] adjacency;
    private final int[] pos;

    /**
     * @param layers the items of each layer (top first) in their initial order; item ids are
     *               0..n-1 across all layers
     * @param edges  pairs {@code {a, b}} of item ids (one per drawn line)
     */
    LayeredOrdering(int[][] layers, List<int[]> edges) {
        int n = Arrays.stream(layers).mapToInt(l -> l.length).sum();
        this.layers = new int[layers.length][];
        this.layerOf = new int[n];
        this.pos = new int[n];
        for (int l = 0; l < layers.length; l++) {
            this.layers[l] = layers[l].clone();
            for (int p = 0; p < layers[l].length; p++) {
                layerOf[layers[l][p]] = l;
                pos[layers[l][p]] = p;
            }
        }
        int[] degree = new int[n];
        for (int[] e : edges) {
            degree[e[0]]++;
            degree[e[1]]++;
        }
        adjacency = new int[n][];
        for (int i = 0; i < n; i++) {
            adjacency[i] = new int[degree[i]];
        }
        int[] fill = new int[n];
        for (int[] e : edges) {
            adjacency[e[0]][fill[e[0]]++] = e[1];
            adjacency[e[1]][fill[e[1]]++] = e[0];
        }
    }

    /** The layers in their current order. */
    int[][] layers() {
        int[][] out = new int[layers.length][];
        for (int l = 0; l < layers.length; l++) {
            out[l] = layers[l].clone();
        }
        return out;
    }

    /** Runs up to {@code sweeps} sweeps (down, up, down...) and keeps the order with fewest crossings. */
    void sweep(int sweeps) {
        long best = crossings();
        int[][] bestLayers = layers();
        int stale = 0;
        for (int s = 0; s < sweeps && best > 0; s++) {
            if (s % 2 == 0) {
                for (int l = 1; l < layers.length; l++) {
                    reorder(l, true);
                }
            } else {
                for (int l = layers.length - 2; l >= 0; l--) {
                    reorder(l, false);
                }
            }
            long c = crossings();
            if (c < best) {
                best = c;
                bestLayers = layers();
                stale = 0;
            } else if (++stale >= 3) {
                break;
            }
        }
        restore(bestLayers);
    }

    private void restore(int[][] saved) {
        for (int l = 0; l < saved.length; l++) {
            layers[l] = saved[l];
            for (int p = 0; p < saved[l].length; p++) {
                pos[saved[l][p]] = p;
            }
        }
    }

    /** Sorts layer {@code l} by the barycenter of its neighbours above ({@code fromAbove}) or below. */
    private void reorder(int l, boolean fromAbove) {
        int[] layer = layers[l];
        double[] key = new double[layer.length];
        for (int p = 0; p < layer.length; p++) {
            int item = layer[p];
            double sum = 0;
            int count = 0;
            for (int nb : adjacency[item]) {
                int nl = layerOf[nb];
                if (fromAbove ? nl < l : nl > l) {
                    sum += (pos[nb] + 0.5) / layers[nl].length;
                    count++;
                }
            }
            key[p] = count == 0 ? (p + 0.5) / layer.length : sum / count;
        }
        Integer[] order = new Integer[layer.length];
        for (int p = 0; p < layer.length; p++) {
            order[p] = p;
        }
        Arrays.sort(order, (a, b) -> Double.compare(key[a], key[b]));
        int[] next = new int[layer.length];
        for (int p = 0; p < layer.length; p++) {
            next[p] = layer[order[p]];
            pos[next[p]] = p;
        }
        layers[l] = next;
    }

    /** Crossings between adjacent layers, counting each drawn line once. */
    long crossings() {
        long total = 0;
        for (int l = 0; l + 1 < layers.length; l++) {
            total += crossingsBetween(l);
        }
        return total;
    }

    private long crossingsBetween(int l) {
        int m = 0;
        for (int item : layers[l]) {
            for (int nb : adjacency[item]) {
                if (layerOf[nb] == l + 1) {
                    m++;
                }
            }
        }
        // Edges as (north position, south position) packed in one long: sorting them sorts by both.
        long[] edges = new long[m];
        int k = 0;
        for (int item : layers[l]) {
            for (int nb : adjacency[item]) {
                if (layerOf[nb] == l + 1) {
                    edges[k++] = ((long) pos[item] << 32) | pos[nb];
                }
            }
        }
        Arrays.sort(edges);
        int southSize = layers[l + 1].length;
        int first = 1;
        while (first < southSize) {
            first <<= 1;
        }
        int treeSize = 2 * first - 1;
        first -= 1;
        long[] tree = new long[treeSize];
        long count = 0;
        for (long e : edges) {
            int index = (int) (e & 0xffffffffL) + first;
            tree[index]++;
            while (index > 0) {
                if (index % 2 == 1) {
                    count += tree[index + 1];
                }
                index = (index - 1) / 2;
                tree[index]++;
            }
        }
        return count;
    }
}
