package org.topoplanner.allocator.volcano;

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
 * regular expression on the name, or node labels; HyperNode members only by exact name. A child listed
 * under two parents keeps the first.
 *
 * <p>Without HyperNode objects the tree is derived from the fabric: one HyperNode per switch, its tier
 * the switch tier, its members the hosts cabled to it and its child switches (first parent wins).
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

    public static HyperNodeTree of(Cluster cluster) {
        List<HyperNode> hns = cluster.kubernetes().hyperNodes();
        return hns.isEmpty() ? fromFabric(cluster.fabric()) : fromCrds(cluster, hns);
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
        return nodes.values().stream().filter(i -> i.tier() == tier).sorted(java.util.Comparator.comparing(Info::name))
                .toList();
    }

    /** The lowest-tier HyperNode holding {@code host} ({@code FindHyperNodeForNode}), or null. */
    public String hyperNodeOf(String host) {
        for (int t : tiers()) {
            for (Info i : ofTier(t)) {
                if (i.realNodes().contains(host)) {
                    return i.name();
                }
            }
        }
        return null;
    }

    /** The lowest common ancestor of two HyperNodes ({@code GetLCAHyperNode}), or null. */
    public String lca(String a, String b) {
        Set<String> up = new LinkedHashSet<>();
        for (String x = a; x != null; x = nodes.containsKey(x) ? nodes.get(x).parent() : null) {
            up.add(x);
        }
        for (String y = b; y != null; y = nodes.containsKey(y) ? nodes.get(y).parent() : null) {
            if (up.contains(y)) {
                return y;
            }
        }
        return null;
    }

    private static HyperNodeTree fromCrds(Cluster cluster, List<HyperNode> hns) {
        Map<String, HyperNode> byName = new LinkedHashMap<>();
        hns.forEach(h -> byName.putIfAbsent(h.name(), h));
        Map<String, String> parent = new LinkedHashMap<>();
        for (HyperNode h : byName.values()) {
            for (HyperNodeMember m : h.members()) {
                if (m.type().equals("HyperNode") && m.exactMatch() != null) {
                    parent.putIfAbsent(m.exactMatch(), h.name());
                }
            }
        }
        Map<String, Info> out = new LinkedHashMap<>();
        for (HyperNode h : byName.values()) {
            out.put(h.name(), new Info(h.name(), h.tier(), parent.get(h.name()),
                    List.copyOf(realNodes(cluster, byName, h, new LinkedHashSet<>()))));
        }
        return new HyperNodeTree(out);
    }

    private static Set<String> realNodes(Cluster cluster, Map<String, HyperNode> byName, HyperNode h, Set<String> seen) {
        Set<String> out = new LinkedHashSet<>();
        if (!seen.add(h.name())) {
            return out;
        }
        for (HyperNodeMember m : h.members()) {
            if (m.type().equals("HyperNode")) {
                HyperNode child = m.exactMatch() == null ? null : byName.get(m.exactMatch());
                if (child != null) {
                    out.addAll(realNodes(cluster, byName, child, seen));
                }
                continue;
            }
            for (String host : cluster.hostNames()) {
                if (matches(cluster, m, host)) {
                    out.add(host);
                }
            }
        }
        return out;
    }

    private static boolean matches(Cluster cluster, HyperNodeMember m, String host) {
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
            Map<String, String> labels = cluster.kubernetes().nodeLabels().getOrDefault(host, Map.of());
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
