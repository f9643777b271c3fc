package org.topoplanner.allocator.kueue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.SwitchNode;
import org.topoplanner.model.k8s.KubernetesSettings;
import org.topoplanner.model.k8s.KueueTopology;
import org.topoplanner.model.k8s.ResourceFlavor;

/**
 * The levels of a Kueue {@code Topology} and each TAS node's value at every level.
 *
 * <p>From the cluster's Kueue objects: the Topology named by the first ResourceFlavor that has a
 * {@code topologyName} (else the first Topology); the nodes are those carrying the flavor's node labels
 * and every level label (a node missing a level label is left out, as it cannot be placed in the tree).
 *
 * <p>Without Kueue objects the levels come from the fabric: one level per switch tier, widest first,
 * named {@code topoplanner.org/tier-N}, then {@code kubernetes.io/hostname}, with the NVLink clique
 * ({@code nvidia.com/gpu.clique}, see {@link CliqueLevel}) among them when the cluster has multi-node NVLink
 * domains, or the block ({@code topoplanner.org/block}, see {@link BlockLevel}) on a cluster of blocks alone;
 * a host's value at tier N is
 * its tier-N ancestor, found by following the first parent upwards (a fat tree with several spines per
 * leaf is thereby folded into a tree, as a label-based Topology must be).
 *
 * @param name   the Topology's name ({@code fabric} when derived)
 * @param levels node label keys, widest first
 * @param values per node (in cluster order), its label value at each level
 */
public record TopologyLevels(String name, List<String> levels, Map<String, List<String>> values) {
    public static final String HOSTNAME = "kubernetes.io/hostname";

    public TopologyLevels {
        Objects.requireNonNull(name, "name");
        levels = List.copyOf(levels);
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public boolean lowestIsHostname() {
        return !levels.isEmpty() && levels.get(levels.size() - 1).equals(HOSTNAME);
    }

    public int indexOf(String level) {
        return levels.indexOf(level);
    }

    /**
     * The fabric switch tier whose domains a level's domains are taken to be (1 = leaves), for checks
     * that count tiers: exact for levels derived from the fabric; for a label Topology, counted from the
     * bottom (the level above {@code kubernetes.io/hostname} is the leaf tier), which is how such
     * Topologies are written. Empty for the hostname level and for unknown levels.
     */
    public Optional<Integer> switchTier(String level) {
        int at = indexOf(level);
        if (at < 0 || level.equals(CliqueLevel.LABEL)) {
            return Optional.empty();
        }
        if (name.equals("fabric") && level.startsWith("topoplanner.org/tier-")) {
            // derived levels name their tier (a clique level between them shifts the count)
            return Optional.of(Integer.parseInt(level.substring("topoplanner.org/tier-".length())));
        }
        int tier = lowestIsHostname() ? levels.size() - 1 - at : levels.size() - at;
        return tier >= 1 ? Optional.of(tier) : Optional.empty();
    }

    /** The levels of {@code cluster}: its Kueue Topology if it has one, else its fabric tiers. */
    public static TopologyLevels of(Cluster cluster) {
        // read per host on every suggestion of Kueue's TAS: built once per cluster
        return org.topoplanner.allocator.ClusterIndex.of(cluster).derived(TopologyLevels.class,
                c -> fromKueue(c).orElseGet(() -> BlockLevel.insert(CliqueLevel.insert(fromFabric(c), c), c)));
    }

    static Optional<TopologyLevels> fromKueue(Cluster cluster) {
        KubernetesSettings k = cluster.kubernetes();
        if (k.topologies().isEmpty()) {
            return Optional.empty();
        }
        ResourceFlavor flavor = k.flavors().stream().filter(f -> f.topologyName() != null).findFirst().orElse(null);
        KueueTopology topo = flavor == null ? k.topologies().get(0) : k.topologies().stream()
                .filter(t -> t.name().equals(flavor.topologyName())).findFirst().orElse(k.topologies().get(0));
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (String host : cluster.hostNames()) {
            Map<String, String> labels = new LinkedHashMap<>(k.nodeLabels().getOrDefault(host, Map.of()));
            labels.putIfAbsent(HOSTNAME, host);
            if (flavor != null && !flavor.nodeLabels().entrySet().stream()
                    .allMatch(e -> e.getValue().equals(labels.get(e.getKey())))) {
                continue;
            }
            List<String> v = new ArrayList<>();
            for (String level : topo.levels()) {
                v.add(labels.get(level));
            }
            if (!v.contains(null)) {
                values.put(host, v);
            }
        }
        return Optional.of(new TopologyLevels(topo.name(), topo.levels(), values));
    }

    static TopologyLevels fromFabric(Cluster cluster) {
        Fabric f = cluster.fabric();
        int max = f.maxTier();
        List<String> levels = new ArrayList<>();
        for (int t = max; t >= 1; t--) {
            levels.add("topoplanner.org/tier-" + t);
        }
        levels.add(HOSTNAME);
        Map<String, List<String>> values = new LinkedHashMap<>();
        // the switches above a host are those above its tier-1 switch: walked once per such switch (some 500 on a
        // 16,384-host fat tree), not once per host
        Map<String, String[]> pathOfLeaf = new HashMap<>();
        String[] none = new String[max + 1];
        for (String host : cluster.hostNames()) {
            String leaf = f.switchesOf(host).stream()
                    .filter(s -> f.switchNamed(s).map(SwitchNode::tier).orElse(0) == 1).findFirst().orElse(null);
            String[] path = leaf == null ? none : pathOfLeaf.computeIfAbsent(leaf, l -> pathUp(f, l, max));
            List<String> v = new ArrayList<>();
            for (int t = max; t >= 1; t--) {
                v.add(path[t]);
            }
            v.add(host);
            if (!v.contains(null)) {
                values.put(host, v);
            }
        }
        return new TopologyLevels("fabric", levels, values);
    }

    /** The switch of each tier 1 to {@code max} on the way up from {@code leaf} (tier 1); null past the last found. */
    private static String[] pathUp(Fabric f, String leaf, int max) {
        String[] path = new String[max + 1];
        String below = leaf;
        for (int t = 1; t <= max && below != null; t++) {
            path[t] = below;
            int next = t + 1;
            below = f.parents(below).stream()
                    .filter(p -> f.switchNamed(p).map(SwitchNode::tier).orElse(0) == next).findFirst().orElse(null);
        }
        return path;
    }
}
