package org.topoplanner.allocator.volcano;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.SwitchNode;
import org.topoplanner.model.k8s.HyperNode;
import org.topoplanner.model.k8s.HyperNodeMember;

/**
 * The HyperNode tree the Volcano scheduler builds ({@code api/hyper_node_info.go}): each HyperNode's
 * tier, parent, and the real nodes under it ({@code RealNodesList}). Node members match by exact name,
 * regular expression on the name, or node labels; HyperNode members only by exact name. A HyperNode's
 * parent is the first HyperNode of a higher tier that lists it ({@code getParent}: a listing by an equal or
 * lower tier is ignored, which also keeps cycles out).
 *
 * <p>Without HyperNode objects the tree is derived from the fabric: one HyperNode per switch, its tier
 * the switch tier, its members the hosts cabled to it and its child switches (first parent wins); on a
 * cluster of multi-node NVLink domains, the domains are tier 1 below the switches ({@link NvlinkHyperNodes}).
 */
public final class HyperNodeTree {
    /** A HyperNode as the scheduler holds it. */
    public record Info(String name, int tier, String parent, List<String> realNodes) {
        public Info {
            Objects.requireNonNull(name, "name");
            realNodes = List.copyOf(realNodes);
        }
    }

    private final Map<String, Info> nodes;

    private HyperNodeTree(Map<String, Info> nodes) {
        this.nodes = nodes;
    }

    /** A tree of these HyperNodes, as given. */
    static HyperNodeTree ofInfos(Map<String, Info> nodes) {
        return new HyperNodeTree(new LinkedHashMap<>(nodes));
    }

    /**
     * The cluster's HyperNodes, else its fabric's switches as HyperNodes with a tier for its NVLink domains;
     * built once per cluster (it is immutable).
     */
    public static HyperNodeTree of(Cluster cluster) {
        return org.topoplanner.allocator.ClusterIndex.of(cluster).derived(HyperNodeTree.class, c -> {
            List<HyperNode> hns = c.kubernetes().hyperNodes();
            return hns.isEmpty() ? NvlinkHyperNodes.withDomainTier(fromFabric(c.fabric()), c)
                    : of(hns, c.hostNames(), c.kubernetes().nodeLabels());
        });
    }

    /** The tree of HyperNode objects over the session's nodes {@code hosts} with their {@code labels}. */
    public static HyperNodeTree of(List<HyperNode> hns, Collection<String> hosts, Map<String, Map<String, String>> labels) {
        return fromCrds(hosts, labels, hns);
    }

    public Map<String, Info> hyperNodes() {
        return nodes;
    }

    /** Tiers present, ascending ({@code HyperNodesTiers}). */
    public List<Integer> tiers() {
        return List.copyOf(new TreeSet<>(nodes.values().stream().map(Info::tier).toList()));
    }

    /** HyperNodes of one tier, by name. */
    public List<Info> ofTier(int tier) {
        return nodes.values().stream().filter(i -> i.tier() == tier).sorted(Comparator.comparing(Info::name))
                .toList();
    }

    /**
     * The HyperNode of the lowest tier that holds {@code host} ({@code FindHyperNodeForNode}), or null. Only
     * that tier is searched, as Volcano does: a node that only a higher tier lists has no HyperNode.
     */
    public String hyperNodeOf(String host) {
        List<Integer> tiers = tiers();
        if (tiers.isEmpty()) {
            return null;
        }
        for (Info i : ofTier(tiers.get(0))) {
            if (i.realNodes().contains(host)) {
                return i.name();
            }
        }
        return null;
    }

    /** {@code name} and then its parent, grandparent and so on ({@code GetAncestors}). */
    public List<String> ancestors(String name) {
        List<String> up = new ArrayList<>();
        for (String x = name; x != null && !up.contains(x); x = nodes.containsKey(x) ? nodes.get(x).parent() : null) {
            up.add(x);
        }
        return up;
    }

    /**
     * The lowest common ancestor of two HyperNodes ({@code GetLCAHyperNode}): the first of {@code b}'s
     * ancestors that is also one of {@code a}'s; null when they share none.
     */
    public String lca(String a, String b) {
        Set<String> up = new LinkedHashSet<>(ancestors(a));
        for (String y : ancestors(b)) {
            if (up.contains(y)) {
                return y;
            }
        }
        return null;
    }

    private static HyperNodeTree fromCrds(Collection<String> hosts, Map<String, Map<String, String>> labels,
                                          List<HyperNode> hns) {
        Map<String, HyperNode> byName = byName(hns);
        Map<String, List<String>> real = new LinkedHashMap<>();
        for (HyperNode h : byName.values()) {
            real.put(h.name(), List.copyOf(realNodes(hosts, labels, byName, h, new LinkedHashSet<>())));
        }
        return withRealNodes(hns, real);
    }

    /**
     * The tree of {@code hns} with each HyperNode's real nodes given ({@code RealNodesList}, as Volcano's
     * own tests hand it to a session); a HyperNode missing from {@code realNodes} holds none.
     */
    static HyperNodeTree withRealNodes(List<HyperNode> hns, Map<String, List<String>> realNodes) {
        Map<String, HyperNode> byName = byName(hns);
        Map<String, String> parent = new LinkedHashMap<>();
        for (HyperNode h : byName.values()) {
            for (HyperNodeMember m : h.members()) {
                HyperNode child = m.exactMatch() == null ? null : byName.get(m.exactMatch());
                if (m.type().equals("HyperNode") && child != null && h.tier() > child.tier()) {
                    parent.putIfAbsent(child.name(), h.name());
                }
            }
        }
        Map<String, Info> out = new LinkedHashMap<>();
        for (HyperNode h : byName.values()) {
            out.put(h.name(), new Info(h.name(), h.tier(), parent.get(h.name()),
                    realNodes.getOrDefault(h.name(), List.of())));
        }
        return new HyperNodeTree(out);
    }

    private static Map<String, HyperNode> byName(List<HyperNode> hns) {
        Map<String, HyperNode> byName = new LinkedHashMap<>();
        hns.forEach(h -> byName.putIfAbsent(h.name(), h));
        return byName;
    }

    private static Set<String> realNodes(Collection<String> hosts, Map<String, Map<String, String>> labels,
                                         Map<String, HyperNode> byName, HyperNode h, Set<String> seen) {
        Set<String> out = new LinkedHashSet<>();
        if (!seen.add(h.name())) {
            return out;
        }
        for (HyperNodeMember m : h.members()) {
            if (m.type().equals("HyperNode")) {
                HyperNode child = m.exactMatch() == null ? null : byName.get(m.exactMatch());
                if (child != null) {
                    out.addAll(realNodes(hosts, labels, byName, child, seen));
                }
                continue;
            }
            for (String host : hosts) {
                if (matches(labels, m, host)) {
                    out.add(host);
                }
            }
        }
        return out;
    }

    private static boolean matches(Map<String, Map<String, String>> nodeLabels, HyperNodeMember m, String host) {
        if (m.exactMatch() != null) {
            return m.exactMatch().equals(host);
        }
        if (m.regexMatch() != null) {
            try {
                return Pattern.compile(m.regexMatch()).matcher(host).find();
            } catch (PatternSyntaxException e) {
                return false;
            }
        }
        if (m.labelMatch() != null && !m.labelMatch().isEmpty()) {
            Map<String, String> labels = nodeLabels.getOrDefault(host, Map.of());
            return m.labelMatch().entrySet().stream().allMatch(e -> e.getValue().equals(labels.get(e.getKey())));
        }
        return false;
    }

    private static HyperNodeTree fromFabric(Fabric f) {
        Map<String, Info> out = new LinkedHashMap<>();
        for (SwitchNode s : f.switches()) {
            if (s.tier() < 1) {
                continue;
            }
            String parent = f.parents(s.name()).stream().findFirst().orElse(null);
            out.put(s.name(), new Info(s.name(), s.tier(), parent, List.copyOf(treeHosts(f, s.name()))));
        }
        return new HyperNodeTree(out);
    }

    /** Hosts cabled to {@code s}, then those of the child switches whose first parent is {@code s}. */
    private static Set<String> treeHosts(Fabric f, String s) {
        Set<String> out = new LinkedHashSet<>(f.hostsOf(s));
        for (String c : f.childSwitches(s)) {
            if (f.parents(c).stream().findFirst().orElse("").equals(s)) {
                out.addAll(treeHosts(f, c));
            }
        }
        return out;
    }
}
