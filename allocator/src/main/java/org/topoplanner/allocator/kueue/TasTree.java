package org.topoplanner.allocator.kueue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.k8s.NodeCapacity;
import org.topoplanner.model.cluster.Cluster;

/**
 * The shape of a Kueue Topology over a set of nodes, without counts: its domains level by level (in the
 * order Kueue's snapshot meets them), their parents, and the hosts of each lowest-level domain. It depends
 * on the cluster and the candidate nodes only, so it is built once per cluster for every-node jobs; each
 * TAS computation then makes its mutable {@link TasDomain}s from it instead of grouping 16,384 hosts by
 * their label values again.
 */
final class TasTree {
    private static final Object ALL_HOSTS = TasTree.class;

    /** One domain: its level values and its parent's position in the level above (-1 at the top). */
    record Node(List<String> values, int parent) {
    }

    private final List<List<Node>> perLevel;
    private final List<List<String>> leafHosts;
    private final boolean nodeLeaves;
    /** Each host's lowest-level domain (its position). */
    private final Map<String, Integer> leafOf = new HashMap<>();
    private final ThreadLocal<List<List<TasDomain>>> domains = ThreadLocal.withInitial(this::newDomains);

    private TasTree(List<List<Node>> perLevel, List<List<String>> leafHosts, boolean nodeLeaves) {
        this.perLevel = perLevel;
        this.leafHosts = leafHosts;
        this.nodeLeaves = nodeLeaves;
        for (int i = 0; i < leafHosts.size(); i++) {
            for (String h : leafHosts.get(i)) {
                leafOf.put(h, i);
            }
        }
    }

    /** The tree over every node that carries the Topology's labels. */
    static TasTree ofAll(Cluster cluster, TopologyLevels levels) {
        return ClusterIndex.of(cluster).derived(ALL_HOSTS, c -> of(levels, h -> true));
    }

    /** The tree over the labelled nodes {@code included} accepts, in the Topology's node order. */
    static TasTree of(TopologyLevels levels, Predicate<String> included) {
        int count = levels.levels().size();
        List<Map<List<String>, Integer>> index = new ArrayList<>();
        List<List<Node>> perLevel = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            index.add(new LinkedHashMap<>());
            perLevel.add(new ArrayList<>());
        }
        List<List<String>> leafHosts = new ArrayList<>();
        levels.values().forEach((host, v) -> {
            if (!included.test(host)) {
                return;
            }
            int leaf = domain(v, count - 1, index, perLevel);
            while (leafHosts.size() <= leaf) {
                leafHosts.add(new ArrayList<>());
            }
            leafHosts.get(leaf).add(host);
        });
        List<List<Node>> frozen = perLevel.stream().map(List::copyOf).toList();
        return new TasTree(frozen, leafHosts.stream().map(List::copyOf).toList(), levels.lowestIsHostname());
    }

    private static int domain(List<String> values, int level, List<Map<List<String>, Integer>> index,
                              List<List<Node>> perLevel) {
        List<String> own = values.subList(0, level + 1);
        Integer at = index.get(level).get(own);
        if (at != null) {
            return at;
        }
        int parent = level > 0 ? domain(values, level - 1, index, perLevel) : -1;
        int id = perLevel.get(level).size();
        List<String> copy = List.copyOf(own);
        perLevel.get(level).add(new Node(copy, parent));
        index.get(level).put(copy, id);
        return id;
    }

    /**
     * This thread's mutable domains of the tree, level by level with their children and hosts linked, made
     * on the thread's first computation: a 16,384-host tree's domains cost more to make than to count,
     * and a TAS computation overwrites every count it reads, so one thread's computations share them.
     */
    List<List<TasDomain>> domains() {
        return domains.get();
    }

    private List<List<TasDomain>> newDomains() {
        List<List<TasDomain>> out = new ArrayList<>();
        int last = perLevel.size() - 1;
        for (int l = 0; l <= last; l++) {
            List<TasDomain> ds = new ArrayList<>(perLevel.get(l).size());
            for (Node n : perLevel.get(l)) {
                TasDomain d = new TasDomain(n.values(), nodeLeaves && l == last);
                if (l > 0) {
                    out.get(l - 1).get(n.parent()).children.add(d);
                }
                ds.add(d);
            }
            out.add(ds);
        }
        for (int i = 0; i < leafHosts.size(); i++) {
            out.get(last).get(i).hosts.addAll(leafHosts.get(i));
        }
        return out;
    }

    int levels() {
        return perLevel.size();
    }

    List<Node> level(int level) {
        return perLevel.get(level);
    }

    /** Hosts of each lowest-level domain, by its position in the lowest level. */
    List<List<String>> leafHosts() {
        return leafHosts;
    }

    boolean nodeLeaves() {
        return nodeLeaves;
    }

    /** {@code before} with the domains of the {@code changed} hosts summed again, their nodes sized by {@code node}. */
    LeafCapacity[] recount(LeafCapacity[] before, Set<String> changed, Function<String, NodeCapacity> node) {
        LeafCapacity[] out = before.clone();
        for (int i : leavesOf(changed)) {
            List<NodeCapacity> nodes = new ArrayList<>(leafHosts.get(i).size());
            for (String h : leafHosts.get(i)) {
                nodes.add(node.apply(h));
            }
            out[i] = LeafCapacity.of(nodes);
        }
        return out;
    }

    /** The positions of the lowest-level domains of {@code hosts} (hosts outside the tree left out). */
    Set<Integer> leavesOf(Set<String> hosts) {
        Set<Integer> leaves = new HashSet<>();
        for (String h : hosts) {
            Integer leaf = leafOf.get(h);
            if (leaf != null) {
                leaves.add(leaf);
            }
        }
        return leaves;
    }

    /** Each lowest-level domain's free capacity, its nodes sized by {@code node}. */
    LeafCapacity[] capacities(Function<String, NodeCapacity> node) {
        LeafCapacity[] out = new LeafCapacity[leafHosts.size()];
        for (int i = 0; i < out.length; i++) {
            List<NodeCapacity> nodes = new ArrayList<>(leafHosts.get(i).size());
            for (String h : leafHosts.get(i)) {
                nodes.add(node.apply(h));
            }
            out[i] = LeafCapacity.of(nodes);
        }
        return out;
    }
}
