package org.topoplanner.importers.slurm;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.topoplanner.importers.FormatWriter;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricNode;
import org.topoplanner.model.fabric.HostNode;
import org.topoplanner.model.fabric.NaturalNameOrder;
import org.topoplanner.model.fabric.RailGroups;
import org.topoplanner.model.fabric.ScalableUnit;
import org.topoplanner.model.fabric.SwitchNode;

/**
 * Writes the tree of a fabric as Slurm's {@code topology.conf} for the topology/tree plugin.
 *
 * <p>Lines go top-down: switches of the highest tier first, each tier in natural name order.
 * Leaves get {@code Nodes=}, upper switches {@code Switches=}, both as compressed hostlists the
 * way {@code scontrol show hostlist} prints a sorted list. What the writer does so that the real
 * {@code slurmctld} accepts the file and schedules as the fabric allows:
 * <ul>
 *   <li>Rail-optimised fabrics: leaves that share hosts ({@link RailGroups}) are written as one
 *       logical leaf per scalable unit ({@code su1}, ...), with an alias comment listing the rail
 *       leaves, and the spines above point at the unit. Slurm wants each node under one leaf.</li>
 *   <li>Several roots: when no root reaches every host but the roots are cabled together
 *       (one connected fabric), a switch {@code root} is added above them, because Slurm rejects a
 *       job that spans switches without a common ancestor while the fabric can carry it. Roots that
 *       each reach every host (every spine of a 2-level fat tree), and islands that are not cabled
 *       together, are written as they are.</li>
 *   <li>Names Slurm cannot parse are replaced ({@link SlurmSwitchNames}) and the original is kept in
 *       a {@code # slurm=original} comment above the line, as topograph does.</li>
 *   <li>Switches that reach no host are left out (Slurm refuses a switch with neither nodes nor
 *       switches); hosts cabled straight to an upper switch go to a leaf {@code <switch>_nodes}
 *       below it (Slurm refuses a switch with both).</li>
 * </ul>
 * Host names are written as the fabric spells them.
 */
public final class TopologyConfWriter implements FormatWriter {
    @Override
    public String target() {
        return "slurm-topology";
    }

    @Override
    public String write(Cluster cluster) {
        return write(cluster.fabric());
    }

    public String write(Fabric fabric) {
        return new Plan(fabric).render();
    }

    /** The logical tree to write: Slurm names, children and hosts of each written switch. */
    private static final class Plan {
        private final Fabric fabric;
        private final SlurmSwitchNames names;
        private final Map<String, Integer> tier = new HashMap<>();
        private final Map<String, Set<String>> switchesOf = new LinkedHashMap<>();
        private final Map<String, Set<String>> nodesOf = new LinkedHashMap<>();
        private final Map<String, String> comment = new HashMap<>();

        Plan(Fabric fabric) {
            this.fabric = fabric;
            Set<String> hostNames = new HashSet<>();
            fabric.hosts().forEach(h -> hostNames.add(h.name()));
            this.names = new SlurmSwitchNames(hostNames);
            Map<String, String> logicalOf = leaves();
            uppers(logicalOf);
            addRootIfNeeded();
        }

        /** One logical leaf per scalable unit; returns physical leaf -> logical leaf name. */
        private Map<String, String> leaves() {
            Map<String, String> logicalOf = new HashMap<>();
            for (ScalableUnit u : RailGroups.of(fabric).units()) {
                String name;
                if (u.isRailGroup()) {
                    name = names.reserve(u.name());
                    List<String> members = u.leaves().stream().map(names::of).toList();
                    comment.put(name, name + "=" + TopologyConfHostlist.compress(members)
                            + " (rail leaves sharing their hosts)");
                } else {
                    name = slurmName(u.name());
                }
                for (String leaf : u.leaves()) {
                    logicalOf.put(leaf, name);
                }
                if (!u.hosts().isEmpty()) {
                    tier.put(name, 1);
                    nodesOf.put(name, new TreeSet<>(u.hosts()));
                }
            }
            return logicalOf;
        }

        private void uppers(Map<String, String> logicalOf) {
            List<SwitchNode> uppers = new ArrayList<>(fabric.switches().stream().filter(s -> s.tier() > 1).toList());
            // Names are taken in this order (a clash gets _2, _3, ...): tier by tier in natural name order, not
            // the source's order, so that the same fabric read from ibnetdiscover, -p or iblinkinfo (each lists
            // switches in its own discovery order) is written the same.
            uppers.sort(Comparator.comparingInt(SwitchNode::tier)
                    .thenComparing(SwitchNode::name, NaturalNameOrder.INSTANCE));
            for (SwitchNode s : uppers) {
                Set<String> children = new LinkedHashSet<>();
                for (String c : fabric.childSwitches(s.name())) {
                    String written = logicalOf.getOrDefault(c, names.of(c));
                    if (tier.containsKey(written)) {
                        children.add(written);
                    }
                }
                String name = slurmName(s.name());
                List<String> hosts = fabric.hostsOf(s.name());
                if (!hosts.isEmpty()) {
                    String leaf = names.reserve(name + "_nodes");
                    comment.put(leaf, leaf + ": hosts cabled straight to " + name);
                    tier.put(leaf, 1);
                    nodesOf.put(leaf, new TreeSet<>(hosts));
                    children.add(leaf);
                }
                if (!children.isEmpty()) {
                    tier.put(name, s.tier());
                    switchesOf.put(name, children);
                }
            }
        }

        private String slurmName(String switchName) {
            String name = names.of(switchName);
            if (names.renamed(switchName)) {
                comment.put(name, name + "=" + switchName);
            }
            return name;
        }

        private void addRootIfNeeded() {
            Set<String> hasParent = new HashSet<>();
            switchesOf.values().forEach(hasParent::addAll);
            List<String> roots = tier.keySet().stream().filter(s -> !hasParent.contains(s))
                    .sorted(NaturalNameOrder.INSTANCE).toList();
            if (roots.size() < 2) {
                return;
            }
            Set<String> allHosts = new HashSet<>();
            nodesOf.values().forEach(allHosts::addAll);
            for (String r : roots) {
                if (hostsUnder(r).size() == allHosts.size()) {
                    return;
                }
            }
            if (!cabledTogether()) {
                return;
            }
            String root = names.reserve("root");
            int top = roots.stream().mapToInt(tier::get).max().orElse(1) + 1;
            tier.put(root, top);
            switchesOf.put(root, new LinkedHashSet<>(roots));
            comment.put(root, root + ": added above the " + roots.size()
                    + " roots of a connected fabric so that Slurm may place jobs across them");
        }

        private Set<String> hostsUnder(String s) {
            Set<String> out = new HashSet<>();
            Deque<String> todo = new ArrayDeque<>(List.of(s));
            Set<String> seen = new HashSet<>();
            while (!todo.isEmpty()) {
                String x = todo.pop();
                if (seen.add(x)) {
                    out.addAll(nodesOf.getOrDefault(x, Set.of()));
                    todo.addAll(switchesOf.getOrDefault(x, Set.of()));
                }
            }
            return out;
        }

        /** True when every host of the fabric lies in one connected part of the cabled graph. */
        private boolean cabledTogether() {
            if (fabric.hosts().isEmpty()) {
                return true;
            }
            Set<String> seen = new HashSet<>();
            Deque<FabricNode> todo = new ArrayDeque<>();
            todo.add(fabric.hosts().get(0));
            while (!todo.isEmpty()) {
                FabricNode n = todo.pop();
                if (seen.add(n.name())) {
                    for (FabricNode m : fabric.neighbours(n.name())) {
                        if (!seen.contains(m.name())) {
                            todo.add(m);
                        }
                    }
                }
            }
            return fabric.hosts().stream().map(HostNode::name).allMatch(seen::contains);
        }

        String render() {
            List<String> order = new ArrayList<>(tier.keySet());
            order.sort(Comparator.<String>comparingInt(s -> -tier.get(s)).thenComparing(NaturalNameOrder.INSTANCE));
            StringBuilder out = new StringBuilder();
            for (String s : order) {
                if (comment.containsKey(s)) {
                    out.append("# ").append(comment.get(s)).append('\n');
                }
                out.append("SwitchName=").append(s);
                if (switchesOf.containsKey(s)) {
                    out.append(" Switches=").append(TopologyConfHostlist.compress(switchesOf.get(s)));
                } else {
                    out.append(" Nodes=").append(TopologyConfHostlist.compress(nodesOf.get(s)));
                }
                out.append('\n');
            }
            return out.toString();
        }
    }
}
