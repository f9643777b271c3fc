package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.topoplanner.allocator.metrics.GpuRing;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;

/**
 * Sets of GPUs that can run a ring over NVLink alone (every step of some cyclic order is an NVLink
 * connection; for two GPUs, one NVLink connection). Finding one of a given size among free GPUs searches
 * the subsets exactly, in index order, up to {@value #SUBSET_LIMIT} of them; beyond that it answers
 * "none found", so a violation is never claimed on an incomplete search.
 */
final class NvlinkSets {
    static final int SUBSET_LIMIT = 20_000;

    private NvlinkSets() {
    }

    static boolean formsRing(NodeTopology node, List<Integer> gpus) {
        if (gpus.size() < 2) {
            return true;
        }
        List<String> ids = new ArrayList<>();
        for (int i : gpus) {
            Optional<Gpu> g = node.gpu(i);
            if (g.isEmpty()) {
                return false;
            }
            ids.add(g.get().id());
        }
        if (ids.size() > GpuRing.EXACT_LIMIT) {
            return false;
        }
        double[][] lanes = new double[ids.size()][ids.size()];
        for (int a = 0; a < ids.size(); a++) {
            for (int b = 0; b < ids.size(); b++) {
                lanes[a][b] = a == b ? 0 : node.nvlinkLanes(ids.get(a), ids.get(b));
            }
        }
        return GpuRing.best(lanes).bottleneck() > 0;
    }

    /** The first {@code size} GPUs of {@code free} (ascending) that form an NVLink ring, if any is found. */
    static Optional<List<Integer>> find(NodeTopology node, List<Integer> free, int size) {
        if (size < 2 || size > free.size() || size > GpuRing.EXACT_LIMIT) {
            return Optional.empty();
        }
        int[] pick = new int[size];
        for (int i = 0; i < size; i++) {
            pick[i] = i;
        }
        for (int tried = 0; tried < SUBSET_LIMIT; tried++) {
            List<Integer> set = new ArrayList<>();
            for (int p : pick) {
                set.add(free.get(p));
            }
            if (formsRing(node, set)) {
                return Optional.of(set);
            }
            int k = size - 1;
            while (k >= 0 && pick[k] == free.size() - size + k) {
                k--;
            }
            if (k < 0) {
                return Optional.empty();
            }
            pick[k]++;
            for (int j = k + 1; j < size; j++) {
                pick[j] = pick[j - 1] + 1;
            }
        }
        return Optional.empty();
    }
}
