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
            List<String> hosts = hostsInOrder(fabric, g);
            String name;
            if (g.size() == 1) {
                name = g.first();
            } else {
                do {
                    name = "su" + next++;
                } while (fabric.node(name).isPresent());
            }
            units.add(new ScalableUnit(name, new ArrayList<>(g), hosts));
        }
        return new RailGroups(units);
    }

    /**
     * The hosts of a unit's leaves in natural name order, without repeats. A lone leaf's hosts mostly come in that
     * order already (a fat tree's leaf lists its 32 hosts by name): they are then taken as they are, checked in one
     * pass, instead of sorted one by one into a tree (16,384 insertions on a 16,384-host fabric).
     */
    private static List<String> hostsInOrder(Fabric fabric, TreeSet<String> leaves) {
        if (leaves.size() == 1) {
            List<String> own = fabric.hostsOf(leaves.first());
            boolean ordered = true;
            for (int k = 1; k < own.size() && ordered; k++) {
                ordered = NaturalNameOrder.INSTANCE.compare(own.get(k - 1), own.get(k)) < 0;
            }
            if (ordered) {
                return new ArrayList<>(own);
            }
        }
        TreeSet<String> hosts = new TreeSet<>(NaturalNameOrder.INSTANCE);
        leaves.forEach(l -> hosts.addAll(fabric.hostsOf(l)));
        return new ArrayList<>(hosts);
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

    /**
     * The fabric as Slurm's topology/tree sees it once {@code topology.conf} is written: each rail group
     * one leaf named after its unit ({@code su1}, ...), holding the unit's hosts, under the switches its
     * rail leaves hang from; everything else as it is. This is the one definition of a leaf that the
     * exported {@code topology.conf}, the {@code slurm-tree} emulation and the metrics share: a host
     * cabled to the 8 rail leaves of its scalable unit sits under one leaf, not eight.
     */
    public static Fabric collapse(Fabric fabric) {
        RailGroups groups = of(fabric);
        if (groups.units().stream().noneMatch(ScalableUnit::isRailGroup)) {
            return fabric;
        }
        java.util.Map<String, String> logical = new HashMap<>();
        groups.units().stream().filter(ScalableUnit::isRailGroup)
                .forEach(u -> u.leaves().forEach(l -> logical.put(l, u.name())));
        FabricBuilder b = new FabricBuilder();
        java.util.Map<String, Integer> tiers = new LinkedHashMap<>();
        java.util.Set<String> added = new java.util.HashSet<>();
        for (SwitchNode s : fabric.switches()) {
            String name = logical.getOrDefault(s.name(), s.name());
            if (added.add(name)) {
                if (name.equals(s.name())) {
                    b.addSwitch(s.name(), s.guid(), s.description());
                } else {
                    b.addSwitch(name);
                }
                tiers.put(name, logical.containsKey(s.name()) ? 1 : s.tier());
            }
        }
        fabric.hosts().forEach(h -> b.addHost(h.name()));
        for (Cable c : fabric.cables()) {
            String a = logical.getOrDefault(c.a().node(), c.a().node());
            String z = logical.getOrDefault(c.b().node(), c.b().node());
            if (a.equals(z)) {
                continue;
            }
            b.cable(new Cable(new CableEnd(a, c.a().port(), c.a().hca(), c.a().guid()),
                    new CableEnd(z, c.b().port(), c.b().hca(), c.b().guid()), c.width(), c.speed()));
        }
        fabric.blocks().forEach(b::block);
        if (!fabric.blockSizes().isEmpty()) {
            b.blockSizes(fabric.blockSizes());
        }
        return b.tiers(tiers).build();
    }
}
