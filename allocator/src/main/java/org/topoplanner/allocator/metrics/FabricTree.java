package org.topoplanner.allocator.metrics;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.SwitchNode;

/**
 * The fabric read as a tree, the way Slurm's {@code topology/tree} reads {@code topology.conf}:
 * every host hangs off one leaf and every switch off one parent, so each host has exactly one
 * <em>domain</em> per tier and domains of a tier never overlap.
 *
 * <p>A host's leaf is the lowest-tier switch it is cabled to (the first in cable order on ties);
 * a switch's parent is, of the switches above it, the first in the fabric's switch order. On a proper
 * tree that is the only choice. On a fat tree where every leaf is cabled to every spine, all leaves get
 * the same spine, so any two leaves share a tier-2 domain, which is the truth of a full fat tree.
 * Rail-optimised hosts cabled to several leaves are counted under their first leaf only.
 * {@link #ancestors} follows every cable up, for questions where any path counts.
 *
 * <p>The domain of a host at tier {@code t} is the first switch on its chain of tier {@code t} or
 * above (a chain may skip a tier, as when a leaf is cabled straight to a core switch).
 */
public final class FabricTree {
    private final Fabric fabric;
    private final Map<String, String> leafOfHost = new HashMap<>();
    private final Map<String, String> parentOfSwitch = new HashMap<>();
    private final Map<String, Integer> tierOfSwitch = new HashMap<>();
    private final Map<Integer, Map<String, List<String>>> hostsByDomain = new HashMap<>();
    /** Kept: the fabric counts it over every switch, and spans ask it once per placement. */
    private final int maxTier;

    /**
     * The tree of {@code cluster}'s fabric, built once per cluster: building it walks every host and switch,
     * which costs more than the metrics and checks of a job that read it.
     */
    public static FabricTree of(org.topoplanner.model.cluster.Cluster cluster) {
        return org.topoplanner.allocator.ClusterIndex.of(cluster).derived(FabricTree.class, c -> new FabricTree(c.fabric()));
    }

    public FabricTree(Fabric fabric) {
        this.fabric = fabric;
        this.maxTier = fabric.maxTier();
        Map<String, Integer> order = new HashMap<>();
        for (SwitchNode s : fabric.switches()) {
            order.put(s.name(), order.size());
            tierOfSwitch.put(s.name(), s.tier());
        }
        for (SwitchNode s : fabric.switches()) {
            // the parent that comes first in the fabric's switch order: on a fat tree every leaf picks the same spine
            fabric.parents(s.name()).stream().min(Comparator.comparingInt(order::get))
                    .ifPresent(p -> parentOfSwitch.put(s.name(), p));
        }
        fabric.hosts().forEach(h -> {
            String best = null;
            for (String s : fabric.switchesOf(h.name())) {
                if (best == null || tierOfSwitch.get(s) < tierOfSwitch.get(best)) {
                    best = s;
                }
            }
            if (best != null) {
                leafOfHost.put(h.name(), best);
            }
        });
    }

    public Fabric fabric() {
        return fabric;
    }

    /** The tier of a switch; 0 for an unknown name. */
    public int tier(String switchName) {
        return tierOfSwitch.getOrDefault(switchName, 0);
    }

    public int maxTier() {
        return maxTier;
    }

    /** The switch a host hangs off; empty when no switch reaches it. */
    public Optional<String> leaf(String host) {
        return Optional.ofNullable(leafOfHost.get(host));
    }

    public Optional<String> parent(String switchName) {
        return Optional.ofNullable(parentOfSwitch.get(switchName));
    }

    /** The switches from the host's leaf up to its root, lowest first; empty when unreachable. */
    public List<String> chain(String host) {
        List<String> out = new ArrayList<>();
        String s = leafOfHost.get(host);
        while (s != null && !out.contains(s)) {
            out.add(s);
            s = parentOfSwitch.get(s);
        }
        return out;
    }

    /** Every switch above the host through any cable: its own switches and all their parents, transitively. */
    public Set<String> ancestors(String host) {
        Set<String> out = new LinkedHashSet<>();
        ArrayDeque<String> todo = new ArrayDeque<>(fabric.switchesOf(host));
        while (!todo.isEmpty()) {
            String s = todo.poll();
            if (out.add(s)) {
                todo.addAll(fabric.parents(s));
            }
        }
        return out;
    }

    /** The host's domain at {@code tier}: the first switch of its chain with at least that tier. */
    public Optional<String> domain(String host, int tier) {
        for (String s : chain(host)) {
            if (tierOfSwitch.get(s) >= tier) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** The hosts whose domain at {@code tier} is {@code switchName}, in fabric order. */
    public List<String> hostsOfDomain(String switchName, int tier) {
        return byDomain(tier).getOrDefault(switchName, List.of());
    }

    /** Every domain of {@code tier} with its hosts, in fabric host order. */
    public synchronized Map<String, List<String>> byDomain(int tier) {
        return hostsByDomain.computeIfAbsent(tier, t -> {
            Map<String, List<String>> m = new LinkedHashMap<>();
            fabric.hosts().forEach(h -> domain(h.name(), t)
                    .ifPresent(d -> m.computeIfAbsent(d, k -> new ArrayList<>()).add(h.name())));
            m.replaceAll((k, v) -> Collections.unmodifiableList(v));
            return Collections.unmodifiableMap(m);
        });
    }
}
