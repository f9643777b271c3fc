package org.topoplanner.importers.ibnet;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.topoplanner.model.fabric.NaturalNameOrder;

/**
 * The Slurm tree a fabric's {@code .net} file implies, derived here from the net file alone:
 * leaves are switches with HCAs, tiers rise by distance from the leaves, an upper switch's
 * children are its neighbours one tier down, and leaves that share a host are one logical leaf
 * named {@code su1}, {@code su2}, ... in the natural order of their first leaf (the documented
 * naming of RailGroups). Switches are named as in the net file.
 */
final class IbsimTruth {
    /** One written switch: its child switches and its hosts (one of them empty). */
    record Entry(Set<String> switches, Set<String> hosts) {
    }

    private IbsimTruth() {
    }

    static Map<String, Entry> tree(IbsimNet net) {
        Map<String, Set<String>> hostsOf = new HashMap<>();
        Map<String, Set<String>> neighbours = new HashMap<>();
        for (IbsimNet.Link l : net.links()) {
            IbsimNet.Node a = net.nodes().get(l.a());
            IbsimNet.Node b = net.nodes().get(l.b());
            if (a.isSwitch() && b.isSwitch()) {
                neighbours.computeIfAbsent(a.id(), k -> new TreeSet<>()).add(b.id());
            } else if (a.isSwitch()) {
                hostsOf.computeIfAbsent(a.id(), k -> new TreeSet<>()).add(b.host());
            }
        }
        Map<String, Integer> tier = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>();
        for (String leaf : hostsOf.keySet()) {
            tier.put(leaf, 1);
            queue.add(leaf);
        }
        while (!queue.isEmpty()) {
            String s = queue.poll();
            for (String n : neighbours.getOrDefault(s, Set.of())) {
                if (!tier.containsKey(n)) {
                    tier.put(n, tier.get(s) + 1);
                    queue.add(n);
                }
            }
        }
        Map<String, String> logical = logicalLeaves(hostsOf);
        Map<String, Entry> out = new TreeMap<>();
        for (String leaf : hostsOf.keySet()) {
            out.computeIfAbsent(logical.get(leaf), k -> new Entry(Set.of(), new TreeSet<>())).hosts()
                    .addAll(hostsOf.get(leaf));
        }
        for (IbsimNet.Node s : net.switches()) {
            if (tier.getOrDefault(s.id(), 1) > 1) {
                Set<String> children = new TreeSet<>();
                for (String n : neighbours.getOrDefault(s.id(), Set.of())) {
                    if (tier.get(n) == tier.get(s.id()) - 1) {
                        children.add(logical.getOrDefault(n, n));
                    }
                }
                out.put(s.id(), new Entry(children, Set.of()));
            }
        }
        return out;
    }

    /** Leaf -> its logical leaf: itself, or su<i> for a group of leaves sharing hosts. */
    private static Map<String, String> logicalLeaves(Map<String, Set<String>> hostsOf) {
        Map<String, TreeSet<String>> leavesOfHost = new HashMap<>();
        hostsOf.forEach((leaf, hosts) -> hosts.forEach(h ->
                leavesOfHost.computeIfAbsent(h, k -> new TreeSet<>()).add(leaf)));
        Map<String, Set<String>> group = new HashMap<>();
        for (String leaf : hostsOf.keySet()) {
            group.put(leaf, new TreeSet<>(NaturalNameOrder.INSTANCE));
            group.get(leaf).add(leaf);
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (TreeSet<String> leaves : leavesOfHost.values()) {
                Set<String> union = new TreeSet<>(NaturalNameOrder.INSTANCE);
                leaves.forEach(l -> union.addAll(group.get(l)));
                for (String l : union) {
                    if (!group.get(l).equals(union)) {
                        group.put(l, union);
                        changed = true;
                    }
                }
            }
        }
        List<String> firsts = group.values().stream().filter(g -> g.size() > 1)
                .map(g -> ((TreeSet<String>) g).first()).distinct().sorted(NaturalNameOrder.INSTANCE).toList();
        Map<String, String> out = new HashMap<>();
        for (String leaf : hostsOf.keySet()) {
            TreeSet<String> g = (TreeSet<String>) group.get(leaf);
            out.put(leaf, g.size() == 1 ? leaf : "su" + (firsts.indexOf(g.first()) + 1));
        }
        return out;
    }
}
