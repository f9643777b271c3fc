package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.kueue.TopologyLevels;
import org.topoplanner.allocator.volcano.HyperNodeTree;

/**
 * A hard locality limit from a Kubernetes scheduler, as host sets: all of a job's hosts must lie in
 * one of them. The sets are the scheduler's own domains, not the fabric's, because that is what the
 * scheduler enforces: Volcano's HyperNodes may be drawn by hand, a Kueue Topology comes from node labels.
 *
 * @param sets   host numbers ({@link ClusterIndex}) of each allowed set; hosts in none cannot be used
 * @param origin the setting in the user's words, for sentences
 */
record HostSets(List<BitSet> sets, String origin) {

    /**
     * Volcano {@code mode: hard}, {@code highestTierAllowed: tier}: the gang must fit one HyperNode of a
     * tier up to {@code tier}. Only the widest such HyperNodes are kept; a HyperNode inside another
     * allows nothing more.
     */
    static HostSets volcano(ClusterIndex index, HyperNodeTree tree, int tier) {
        List<BitSet> sets = new ArrayList<>();
        for (HyperNodeTree.Info hn : tree.hyperNodes().values()) {
            if (hn.tier() <= tier) {
                sets.add(hosts(index, hn.realNodes()));
            }
        }
        return new HostSets(widest(sets), "Volcano highestTierAllowed=" + tier);
    }

    /**
     * Kueue {@code podset-required-topology: level}: all pods in one domain of that level, that is on
     * nodes whose label values agree at that level and every wider one. Empty when the Topology has
     * no such level.
     */
    static Optional<HostSets> kueue(ClusterIndex index, TopologyLevels levels, String level) {
        int at = levels.indexOf(level);
        if (at < 0) {
            return Optional.empty();
        }
        Map<List<String>, List<String>> domains = new LinkedHashMap<>();
        levels.values().forEach((host, values) ->
                domains.computeIfAbsent(List.copyOf(values.subList(0, at + 1)), k -> new ArrayList<>()).add(host));
        List<BitSet> sets = new ArrayList<>();
        domains.values().forEach(hosts -> sets.add(hosts(index, hosts)));
        return Optional.of(new HostSets(sets, "Kueue podset-required-topology=" + level));
    }

    /** Both limits at once: a job must fit a set of each, so the allowed sets are the intersections. */
    HostSets and(HostSets other) {
        List<BitSet> out = new ArrayList<>();
        for (BitSet a : sets) {
            for (BitSet b : other.sets) {
                BitSet x = (BitSet) a.clone();
                x.and(b);
                if (!x.isEmpty()) {
                    out.add(x);
                }
            }
        }
        return new HostSets(widest(out), origin + " and " + other.origin);
    }

    /** Every host some set allows. */
    BitSet union() {
        BitSet all = new BitSet();
        sets.forEach(all::or);
        return all;
    }

    /** The largest set's size: a job with more nodes never fits. */
    int largest() {
        return sets.stream().mapToInt(BitSet::cardinality).max().orElse(0);
    }

    private static BitSet hosts(ClusterIndex index, List<String> names) {
        BitSet b = new BitSet();
        for (String n : names) {
            int h = index.number(n);
            if (h >= 0) {
                b.set(h);
            }
        }
        return b;
    }

    /** Drops empty sets, duplicates and sets inside another one. */
    private static List<BitSet> widest(List<BitSet> sets) {
        List<BitSet> sorted = new ArrayList<>(sets.stream().filter(s -> !s.isEmpty()).toList());
        sorted.sort((a, b) -> Integer.compare(b.cardinality(), a.cardinality()));
        List<BitSet> out = new ArrayList<>();
        for (BitSet s : sorted) {
            boolean inside = false;
            for (BitSet o : out) {
                BitSet rest = (BitSet) s.clone();
                rest.andNot(o);
                if (rest.isEmpty()) {
                    inside = true;
                    break;
                }
            }
            if (!inside) {
                out.add(s);
            }
        }
        return out;
    }
}
