package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import java.util.TreeMap;
import org.topoplanner.allocator.slurm.NodeChooser.Demand;

/**
 * The usable nodes grouped by scheduling weight, as {@link TreeSelector} takes them: lighter groups first, and the
 * top switch chosen among those that hold nodes of the lowest weight ({@code _eval_nodes_topo}).
 */
final class WeightGroups {
    private WeightGroups() {
    }

    /**
     * The usable nodes by scheduling weight, lightest first. When all weigh the same (a cluster of one weight and a
     * job that ties every node's GPU byte, the common case) the one group is the map itself, found without a map
     * entry per node.
     */
    static TreeMap<Long, BitSet> of(BitSet map, Demand demand) {
        TreeMap<Long, BitSet> weights = new TreeMap<>();
        int first = map.nextSetBit(0);
        if (first < 0) {
            return weights;
        }
        long w = demand.weight(first);
        int i = map.nextSetBit(first + 1);
        while (i >= 0 && demand.weight(i) == w) {
            i = map.nextSetBit(i + 1);
        }
        if (i < 0) {
            weights.put(w, map);
            return weights;
        }
        for (int k = first; k >= 0; k = map.nextSetBit(k + 1)) {
            weights.computeIfAbsent(demand.weight(k), x -> new BitSet()).set(k);
        }
        return weights;
    }

    /**
     * The lightest weight among the usable nodes of a switch ({@code on} cut to the map, {@code usable} of them);
     * the groups lie in the map, so they meet the switch's usable nodes where they meet {@code on}.
     */
    static Long lowestWeightOn(TreeMap<Long, BitSet> weights, BitSet on, int usable) {
        if (weights.size() == 1) {
            return usable > 0 ? weights.firstKey() : null;
        }
        for (var e : weights.entrySet()) {
            if (e.getValue().intersects(on)) {
                return e.getKey();
            }
        }
        return null;
    }
}
