package org.topoplanner.model.fabric;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jgrapht.Graph;
import org.jgrapht.graph.AsUnmodifiableGraph;
import org.jgrapht.graph.builder.GraphTypeBuilder;
import org.jgrapht.Graphs;

/**
 * The switch fabric: switches (with tiers), hosts and the cables between them, as an immutable
 * JGraphT multigraph (parallel cables are kept), plus Slurm blocks where the source defines them.
 *
 * <p>Lists keep the order of the source, because Slurm breaks ties by configuration order. Build
 * one with {@link FabricBuilder}.
 */
public final class Fabric {
    private final List<SwitchNode> switches;
    private final List<HostNode> hosts;
    private final List<Cable> cables;
    private final List<Block> blocks;
    private final List<Integer> blockSizes;
    private final Map<String, FabricNode> byName;
    /** Built on first use: importing and converting never ask for it, and at 16,384 hosts it cost more than the parse. */
    private volatile Graph<FabricNode, Cable> graph;
    // Kept as built, each list frozen in place: copying them into second maps cost as much as building them.
    private final Map<String, Relations> parents = new HashMap<>();
    private final Map<String, Relations> childSwitches = new HashMap<>();
    private final Map<String, Relations> hostsOfSwitch = new HashMap<>();
    private final Map<String, Relations> switchesOfHost;

    Fabric(List<SwitchNode> switches, List<HostNode> hosts, List<Cable> cables, List<Block> blocks,
           List<Integer> blockSizes) {
        this.switches = List.copyOf(switches);
        this.hosts = List.copyOf(hosts);
        this.cables = List.copyOf(cables);
        this.blocks = List.copyOf(blocks);
        this.blockSizes = List.copyOf(blockSizes);
        Map<String, FabricNode> names = new LinkedHashMap<>((this.switches.size() + this.hosts.size()) * 4 / 3 + 1);
        for (SwitchNode s : this.switches) {
            names.put(s.name(), s);
        }
        for (HostNode h : this.hosts) {
            names.put(h.name(), h);
        }
        this.byName = Collections.unmodifiableMap(names);
        this.switchesOfHost = new HashMap<>(this.hosts.size() * 4 / 3 + 1);
        indexRelations();
    }

    private Graph<FabricNode, Cable> buildGraph() {
        Graph<FabricNode, Cable> g = GraphTypeBuilder.<FabricNode, Cable>undirected()
                .allowingMultipleEdges(true).allowingSelfLoops(false).weighted(false).buildGraph();
        switches.forEach(g::addVertex);
        hosts.forEach(g::addVertex);
        for (Cable c : cables) {
            g.addEdge(byName.get(c.a().node()), byName.get(c.b().node()), c);
        }
        return new AsUnmodifiableGraph<>(g);
    }

    /**
     * Parents, child switches and host-switch pairs from the cables, each pair once (parallel cables
     * repeat it). Lists, not a set per node: at 16,384 hosts one set per host cost more than the parse.
     */
    private void indexRelations() {
        Map<String, Relations> up = parents;
        Map<String, Relations> down = childSwitches;
        Map<String, Relations> hostsOf = hostsOfSwitch;
        Map<String, Relations> switchesOf = switchesOfHost;
        for (Cable c : cables) {
            FabricNode a = byName.get(c.a().node());
            FabricNode b = byName.get(c.b().node());
            if (a instanceof SwitchNode sa && b instanceof SwitchNode sb) {
                if (sa.tier() > sb.tier()) {
                    Relations.add(down, sa.name(), sb.name());
                    Relations.add(up, sb.name(), sa.name());
                } else if (sb.tier() > sa.tier()) {
                    Relations.add(down, sb.name(), sa.name());
                    Relations.add(up, sa.name(), sb.name());
                }
            } else if (a instanceof SwitchNode sa && b instanceof HostNode hb) {
                Relations.add(hostsOf, sa.name(), hb.name());
                Relations.add(switchesOf, hb.name(), sa.name());
            } else if (b instanceof SwitchNode sb && a instanceof HostNode ha) {
                Relations.add(hostsOf, sb.name(), ha.name());
                Relations.add(switchesOf, ha.name(), sb.name());
            }
        }
        for (Map<String, Relations> m : List.of(up, down, hostsOf, switchesOf)) {
            m.values().forEach(Relations::freeze);
        }
    }

    /** One node's related names in cable order, each once; a set is made only for a long list. */
    private static final class Relations {
        private static final int SCAN_LIMIT = 16;
        private List<String> names = new ArrayList<>(2);
        private Set<String> seen;

        /** The names of a node with none: what a look-up of an unrelated node answers. */
        static List<String> of(Map<String, Relations> index, String node) {
            Relations r = index.get(node);
            return r == null ? List.of() : r.names;
        }

        /** Ends the build: the list becomes immutable and the set, if any, is dropped. */
        void freeze() {
            names = List.copyOf(names);
            seen = null;
        }

        static void add(Map<String, Relations> of, String node, String related) {
            of.computeIfAbsent(node, k -> new Relations()).add(related);
        }

        private void add(String name) {
            if (seen != null) {
                if (seen.add(name)) {
                    names.add(name);
                }
                return;
            }
            if (names.contains(name)) {
                return;
            }
            names.add(name);
            if (names.size() > SCAN_LIMIT) {
                seen = new java.util.HashSet<>(names);
            }
        }
    }

    public List<SwitchNode> switches() {
        return switches;
    }

    public List<HostNode> hosts() {
        return hosts;
    }

    public List<Cable> cables() {
        return cables;
    }

    public List<Block> blocks() {
        return blocks;
    }

    public List<Integer> blockSizes() {
        return blockSizes;
    }

    /** The fabric as a read-only JGraphT multigraph. */
    public Graph<FabricNode, Cable> graph() {
        Graph<FabricNode, Cable> g = graph;
        if (g == null) {
            synchronized (this) {
                g = graph;
                if (g == null) {
                    g = buildGraph();
                    graph = g;
                }
            }
        }
        return g;
    }

    public Optional<FabricNode> node(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public Optional<SwitchNode> switchNamed(String name) {
        return byName.get(name) instanceof SwitchNode s ? Optional.of(s) : Optional.empty();
    }

    public boolean hasHost(String name) {
        return byName.get(name) instanceof HostNode;
    }

    /** Switches of tier {@code t}, in source order. */
    public List<SwitchNode> switchesOfTier(int t) {
        return switches.stream().filter(s -> s.tier() == t).toList();
    }

    public List<SwitchNode> leaves() {
        return switchesOfTier(1);
    }

    public int maxTier() {
        return switches.stream().mapToInt(SwitchNode::tier).max().orElse(0);
    }

    /** Switches one or more tiers above {@code switchName} that are cabled to it. */
    public List<String> parents(String switchName) {
        return Relations.of(parents, switchName);
    }

    /** Switches below {@code switchName} that are cabled to it. */
    public List<String> childSwitches(String switchName) {
        return Relations.of(childSwitches, switchName);
    }

    /** Hosts cabled directly to {@code switchName}, in cable order. */
    public List<String> hostsOf(String switchName) {
        return Relations.of(hostsOfSwitch, switchName);
    }

    /** Child switches then directly cabled hosts: the {@code children} of the inspect document. */
    public List<String> children(String switchName) {
        List<String> all = new ArrayList<>(childSwitches(switchName));
        all.addAll(hostsOf(switchName));
        return all;
    }

    /** Every switch a host is cabled to (several on rail-optimised fabrics). */
    public List<String> switchesOf(String hostName) {
        return Relations.of(switchesOfHost, hostName);
    }

    /** Switches with no parent: the tops of the tree (one for a proper tree). */
    public List<SwitchNode> roots() {
        return switches.stream().filter(s -> parents(s.name()).isEmpty() && s.tier() > 0).toList();
    }

    /** All hosts below {@code switchName} (through child switches), without repeats, in tree order. */
    public List<String> hostsUnder(String switchName) {
        Set<String> out = new LinkedHashSet<>();
        Set<String> seen = new java.util.HashSet<>();
        collectHosts(switchName, out, seen);
        return List.copyOf(out);
    }

    private void collectHosts(String s, Set<String> out, Set<String> seen) {
        if (!seen.add(s)) {
            return;
        }
        for (String c : childSwitches(s)) {
            collectHosts(c, out, seen);
        }
        out.addAll(hostsOf(s));
    }

    /** The cables between two nodes (parallel cables included). */
    public List<Cable> cablesBetween(String a, String b) {
        FabricNode na = byName.get(a);
        FabricNode nb = byName.get(b);
        if (na == null || nb == null) {
            return List.of();
        }
        return List.copyOf(graph().getAllEdges(na, nb));
    }

    /** Neighbours of a node in the graph. */
    public List<FabricNode> neighbours(String name) {
        FabricNode n = byName.get(name);
        return n == null ? List.of() : Graphs.neighborListOf(graph(), n);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Fabric f && f.switches.equals(switches) && f.hosts.equals(hosts)
                && f.cables.equals(cables) && f.blocks.equals(blocks) && f.blockSizes.equals(blockSizes);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(switches, hosts, cables, blocks, blockSizes);
    }

    @Override
    public String toString() {
        return "Fabric[" + switches.size() + " switches, " + hosts.size() + " hosts, " + cables.size() + " cables]";
    }
}
