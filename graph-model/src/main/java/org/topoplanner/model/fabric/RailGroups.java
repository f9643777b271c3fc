package org.topoplanner.model.fabric;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Finds the scalable units of a fabric: leaves that share a host are joined (transitively) into
 * one {@link ScalableUnit}. On a plain fat tree every leaf is its own unit; on a rail-optimised
 * fabric the 8 rail leaves that the 8 HCAs of the same hosts reach form one unit.
 *
 * <p>Names are deterministic whatever order the source listed switches in (discovery order of
 * {@code ibnetdiscover} is not sorted): units are ordered by their first leaf in natural name
 * order, a one-leaf unit keeps the leaf's name, and multi-leaf units are numbered {@code su1},
 * {@code su2}, ... in that order, skipping numbers whose name is already a node of the fabric.
 */
public final class RailGroups {
    private final List<ScalableUnit> units;
    private final Map<String, ScalableUnit> unitOfLeaf = new HashMap<>();

    private RailGroups(List<ScalableUnit> units) {
        this.units = List.copyOf(units);
        for (ScalableUnit u : this.units) {
            for (String leaf : u.leaves()) {
                unitOfLeaf.put(leaf, u);
            }
        }
    }

    public static RailGroups of(Fabric fabric) {
        List<String> leaves = fabric.leaves().stream().map(SwitchNode::name).toList();
        Map<String, String> parent = new HashMap<>();
        leaves.forEach(l -> parent.put(l, l));
        for (HostNode h : fabric.hosts()) {
            String first = null;
            for (String s : fabric.switchesOf(h.name())) {
                if (!parent.containsKey(s)) {
                    continue;
                }
                if (first == null) {
                    first = s;
                } else {
                    union(parent, first, s);
                }
            }
        }
        Map<String, TreeSet<String>> members = new LinkedHashMap<>();
        for (String l : leaves) {
            members.computeIfAbsent(find(parent, l), k -> new TreeSet<>(NaturalNameOrder.INSTANCE)).add(l);
        }
        List<TreeSet<String>> groups = new ArrayList<>(members.values());
        groups.sort((a, b) -> NaturalNameOrder.INSTANCE.compare(a.first(), b.first()));
        List<ScalableUnit> units = new ArrayList<>();
        int next = 1;
        for (TreeSet<String> g : groups) {
            TreeSet<String> hosts = new TreeSet<>(NaturalNameOrder.INSTANCE);
            g.forEach(l -> hosts.addAll(fabric.hostsOf(l)));
            String name;
            if (g.size() == 1) {
                name = g.first();
            } else {
                do {
                    name = "su" + next++;
                } while (fabric.node(name).isPresent());
            }
            units.add(new ScalableUnit(name, new ArrayList<>(g), new ArrayList<>(hosts)));
        }
        return new RailGroups(units);
    }

    private static String find(Map<String, String> parent, String x) {
        String root = x;
        while (!parent.get(root).equals(root)) {
            root = parent.get(root);
        }
        while (!parent.get(x).equals(root)) {
            String up = parent.get(x);
            parent.put(x, root);
            x = up;
        }
        return root;
    }

    private static void union(Map<String, String> parent, String a, String b) {
        String ra = find(parent, a);
        String rb = find(parent, b);
        if (!ra.equals(rb)) {
            parent.put(rb, ra);
        }
    }

    /** Every unit, one per group of leaves, in the deterministic order described above. */
    public List<ScalableUnit> units() {
        return units;
    }

    /** The unit holding {@code leaf}, or {@code null} if it is not a leaf of the fabric. */
    public ScalableUnit unitOf(String leaf) {
        return unitOfLeaf.get(leaf);
    }

    /** True when some unit has more than one leaf. */
    public boolean isRailOptimised() {
        return units.stream().anyMatch(ScalableUnit::isRailGroup);
    }

    /** The rail groups only (units of several leaves). */
    public List<ScalableUnit> railGroups() {
        return units.stream().filter(ScalableUnit::isRailGroup).toList();
    }

    /** Leaf names of all rail groups, for callers that need to know which leaves are merged. */
    public Set<String> mergedLeaves() {
        Set<String> out = new HashSet<>();
        railGroups().forEach(u -> out.addAll(u.leaves()));
        return Collections.unmodifiableSet(out);
    }
}
