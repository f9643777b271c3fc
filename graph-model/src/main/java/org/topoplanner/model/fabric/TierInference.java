package org.topoplanner.model.fabric;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Assigns switch tiers: a leaf (tier 1) is a switch with a host cabled to it, and every other
 * switch sits one tier above the nearest leaf ({@link #byDistance}) or, where the tree's direction
 * is known as in {@code topology.conf}, one tier above its highest child ({@link #byHeight}).
 *
 * <p>Both agree on balanced fat trees. Distance is the only choice for an undirected discovery
 * such as {@code ibnetdiscover}; height keeps a {@code topology.conf} root above everything it
 * names even when it also holds a leaf directly. Switches that reach no host get tier 0.
 */
public final class TierInference {
    private TierInference() {
    }

    /** Tiers by breadth-first distance from the leaves over switch-to-switch cables. */
    public static Map<String, Integer> byDistance(Collection<String> switches, Collection<Cable> cables) {
        Set<String> switchSet = new HashSet<>(switches);
        Map<String, List<String>> switchNeighbours = new HashMap<>();
        Set<String> leaves = new HashSet<>();
        for (Cable c : cables) {
            String a = c.a().node();
            String b = c.b().node();
            boolean aSwitch = switchSet.contains(a);
            boolean bSwitch = switchSet.contains(b);
            if (aSwitch && bSwitch) {
                switchNeighbours.computeIfAbsent(a, k -> new java.util.ArrayList<>()).add(b);
                switchNeighbours.computeIfAbsent(b, k -> new java.util.ArrayList<>()).add(a);
            } else if (aSwitch) {
                leaves.add(a);
            } else if (bSwitch) {
                leaves.add(b);
            }
        }
        Map<String, Integer> tier = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>();
        for (String s : switches) {
            if (leaves.contains(s)) {
                tier.put(s, 1);
                queue.add(s);
            }
        }
        while (!queue.isEmpty()) {
            String s = queue.poll();
            int t = tier.get(s);
            for (String n : switchNeighbours.getOrDefault(s, List.of())) {
                if (!tier.containsKey(n)) {
                    tier.put(n, t + 1);
                    queue.add(n);
                }
            }
        }
        for (String s : switches) {
            tier.putIfAbsent(s, 0);
        }
        return tier;
    }

    /**
     * Tiers by height in a directed tree: leaves (switches holding hosts and no switches) are 1,
     * a parent is one above its highest child. Cycles are broken (a switch on a cycle keeps the
     * height found first), so a malformed tree still gets tiers; the reader reports the cycle.
     */
    public static Map<String, Integer> byHeight(Collection<String> switches, Map<String, List<String>> childSwitches,
                                                Set<String> switchesWithHosts) {
        Map<String, Integer> tier = new HashMap<>();
        Set<String> onPath = new HashSet<>();
        for (String s : switches) {
            height(s, childSwitches, switchesWithHosts, tier, onPath);
        }
        return tier;
    }

    private static int height(String s, Map<String, List<String>> childSwitches, Set<String> withHosts,
                              Map<String, Integer> tier, Set<String> onPath) {
        Integer known = tier.get(s);
        if (known != null) {
            return known;
        }
        if (!onPath.add(s)) {
            return 0;
        }
        int best = withHosts.contains(s) ? 1 : 0;
        for (String child : childSwitches.getOrDefault(s, List.of())) {
            int h = height(child, childSwitches, withHosts, tier, onPath);
            if (h > 0) {
                best = Math.max(best, h + 1);
            }
        }
        onPath.remove(s);
        tier.put(s, best);
        return best;
    }
}
