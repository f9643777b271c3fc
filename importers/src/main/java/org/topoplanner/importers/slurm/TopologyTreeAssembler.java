package org.topoplanner.importers.slurm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.slurm.TopologyDeclarations.BlockDeclaration;
import org.topoplanner.importers.slurm.TopologyDeclarations.SwitchDeclaration;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.fabric.TierInference;

/**
 * Checks declared switches and blocks the way {@code slurmctld} would and builds the fabric.
 * Faults that make the real Slurm refuse to start are errors: a switch defined twice,
 * an undefined child switch, a cycle, a switch with neither or both nodes and switches, a
 * non-numeric range. Faults it starts with are warnings: a node under two leaves, several roots.
 * The fabric is built from what is left, with tiers by height (the tree's direction is known).
 */
final class TopologyTreeAssembler {
    private final Diagnostics diagnostics;
    private final FabricBuilder builder = new FabricBuilder();
    private final Map<String, SwitchDeclaration> byName = new LinkedHashMap<>();
    private final Map<String, List<String>> childSwitches = new HashMap<>();
    private final Map<String, List<String>> nodesOf = new LinkedHashMap<>();

    /** False for {@link #reach}: the same checks, with no fabric built. */
    private final boolean buildsFabric;
    /** The nodes named by switches and blocks, each once, in the order the fabric lists its hosts. */
    private final Set<String> named = new LinkedHashSet<>();

    private TopologyTreeAssembler(Diagnostics diagnostics, boolean buildsFabric) {
        this.diagnostics = diagnostics;
        this.buildsFabric = buildsFabric;
    }

    static Fabric assemble(TopologyDeclarations declarations, Diagnostics diagnostics) {
        return new TopologyTreeAssembler(diagnostics, true).build(declarations);
    }

    /** The findings {@link #assemble} reports and the nodes it would make hosts, without building the fabric. */
    static TopologyReach reach(TopologyDeclarations declarations, Diagnostics diagnostics) {
        TopologyTreeAssembler a = new TopologyTreeAssembler(diagnostics, false);
        a.build(declarations);
        return new TopologyReach(diagnostics.list(), new ArrayList<>(a.named), a.nodesOf);
    }

    private void addHost(String n) {
        if (buildsFabric) {
            builder.addHost(n);
        } else {
            named.add(n);
        }
    }

    private Fabric build(TopologyDeclarations d) {
        for (SwitchDeclaration s : d.switches) {
            String name = s.name().text();
            if (byName.containsKey(name)) {
                diagnostics.error(s.name().line(), s.name().column(), "switch " + name + " is defined twice (first on"
                        + " line " + byName.get(name).name().line() + "); Slurm refuses to start");
                continue;
            }
            byName.put(name, s);
            if (s.switches() == null && s.nodes() == null) {
                diagnostics.error(s.name().line(), s.name().column(), "switch " + name
                        + " has neither Nodes= nor Switches=; Slurm refuses to start");
            } else if (s.switches() != null && s.nodes() != null) {
                diagnostics.error(s.switches().line(), s.switches().column(), "switch " + name
                        + " has both Nodes= and Switches=; Slurm refuses to start");
            }
        }
        if (buildsFabric) {
            byName.keySet().forEach(builder::addSwitch);
        }
        Map<String, String> leafOfNode = new HashMap<>();
        for (SwitchDeclaration s : byName.values()) {
            String name = s.name().text();
            childSwitches.put(name, children(s));
            if (s.nodes() != null) {
                List<String> nodes = expand(s.nodes());
                nodesOf.put(name, nodes);
                for (String n : nodes) {
                    String other = leafOfNode.putIfAbsent(n, name);
                    if (other != null && !other.equals(name)) {
                        diagnostics.warning(s.nodes().line(), s.nodes().column(), "node " + n + " is under switch "
                                + other + " and under " + name + "; Slurm starts but warns");
                    }
                    addHost(n);
                }
            }
        }
        reportCycles();
        reportRoots();
        if (!buildsFabric) {
            addBlocks(d);
            return null;
        }
        for (SwitchDeclaration s : byName.values()) {
            String name = s.name().text();
            childSwitches.get(name).forEach(c -> builder.cable(name, c));
            nodesOf.getOrDefault(name, List.of()).forEach(n -> builder.cable(name, n));
        }
        addBlocks(d);
        builder.tiers(TierInference.byHeight(byName.keySet(), childSwitches, nodesOf.keySet()));
        return builder.build();
    }

    private List<String> children(SwitchDeclaration s) {
        if (s.switches() == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String c : expand(s.switches())) {
            if (!byName.containsKey(c)) {
                diagnostics.error(s.switches().line(), s.switches().column(), "switch " + s.name().text()
                        + " names child switch " + c + ", which is not defined; Slurm refuses to start");
            } else if (c.equals(s.name().text())) {
                diagnostics.error(s.switches().line(), s.switches().column(), "switch " + c
                        + " names itself as a child; Slurm refuses to start");
            } else if (!out.contains(c)) {
                out.add(c);
            }
        }
        return out;
    }

    private List<String> expand(LocatedText value) {
        TopologyConfHostlist.Expansion e = TopologyConfHostlist.expand(value.text());
        if (!e.ok()) {
            diagnostics.error(value.line(), value.columnAt(e.errorOffset()), e.error() + "; Slurm refuses to start");
        }
        return e.names();
    }

    /** Depth-first search; each cycle is reported once, at the switch where it closes. */
    private void reportCycles() {
        Map<String, Integer> state = new HashMap<>();
        for (String s : byName.keySet()) {
            if (!state.containsKey(s)) {
                visit(s, state, new ArrayList<>());
            }
        }
    }

    private void visit(String s, Map<String, Integer> state, List<String> path) {
        state.put(s, 1);
        path.add(s);
        for (String c : childSwitches.getOrDefault(s, List.of())) {
            Integer st = state.get(c);
            if (st == null) {
                visit(c, state, path);
            } else if (st == 1) {
                List<String> cycle = new ArrayList<>(path.subList(path.indexOf(c), path.size()));
                cycle.add(c);
                SwitchDeclaration at = byName.get(s);
                LocatedText where = at.switches() != null ? at.switches() : at.name();
                diagnostics.error(where.line(), where.column(), "switches form a cycle: " + String.join(" -> ", cycle)
                        + "; Slurm refuses to start");
            }
        }
        path.remove(path.size() - 1);
        state.put(s, 2);
    }

    /**
     * Slurm warns only when no switch reaches every node ("no switch can reach all nodes through its
     * descendants"); several roots that each reach everything, as the spines of a 2-level fat tree
     * written one line each, are fine.
     */
    private void reportRoots() {
        Set<String> hasParent = new HashSet<>();
        childSwitches.values().forEach(hasParent::addAll);
        List<String> roots = byName.keySet().stream().filter(s -> !hasParent.contains(s)).toList();
        if (roots.size() < 2) {
            return;
        }
        Set<String> all = new HashSet<>();
        nodesOf.values().forEach(all::addAll);
        for (String r : roots) {
            if (nodesUnder(r).size() == all.size()) {
                return;
            }
        }
        SwitchDeclaration second = byName.get(roots.get(1));
        diagnostics.warning(second.name().line(), second.name().column(), "no switch reaches every node: "
                + roots.size() + " switches have no parent (" + String.join(", ", roots.subList(0,
                Math.min(roots.size(), 8))) + (roots.size() > 8 ? ", ..." : "")
                + "); Slurm starts, but rejects jobs that span them");
    }

    private Set<String> nodesUnder(String root) {
        Set<String> out = new HashSet<>();
        Set<String> seen = new HashSet<>();
        java.util.Deque<String> todo = new java.util.ArrayDeque<>(List.of(root));
        while (!todo.isEmpty()) {
            String s = todo.pop();
            if (seen.add(s)) {
                out.addAll(nodesOf.getOrDefault(s, List.of()));
                todo.addAll(childSwitches.getOrDefault(s, List.of()));
            }
        }
        return out;
    }

    private void addBlocks(TopologyDeclarations d) {
        Set<String> names = new HashSet<>();
        Map<String, String> blockOfNode = new HashMap<>();
        for (BlockDeclaration b : d.blocks) {
            String name = b.name().text();
            if (!names.add(name)) {
                diagnostics.error(b.name().line(), b.name().column(), "block " + name + " is defined twice");
                continue;
            }
            if (b.nodes() == null) {
                diagnostics.error(b.name().line(), b.name().column(), "block " + name + " has no Nodes=");
                continue;
            }
            Set<String> nodes = new LinkedHashSet<>(expand(b.nodes()));
            for (String n : nodes) {
                String other = blockOfNode.putIfAbsent(n, name);
                if (other != null) {
                    diagnostics.warning(b.nodes().line(), b.nodes().column(), "node " + n + " is in block " + other
                            + " and in block " + name);
                }
                addHost(n);
            }
            if (buildsFabric) {
                builder.block(new Block(name, List.copyOf(nodes)));
            }
        }
        if (!d.separateTopologies && !d.switches.isEmpty() && !d.blocks.isEmpty()) {
            BlockDeclaration b = d.blocks.get(0);
            diagnostics.warning(b.name().line(), b.name().column(), "the file mixes tree switches and blocks;"
                    + " Slurm uses one topology plugin and reads only its own lines");
        }
        if (buildsFabric) {
            builder.blockSizes(d.blockSizes);
        }
    }
}
