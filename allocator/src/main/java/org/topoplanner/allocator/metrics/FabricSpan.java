package org.topoplanner.allocator.metrics;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * How much of the fabric a set of hosts spans, read on the {@link FabricTree}.
 *
 * @param leaves          the leaves (tier-1 domains) used, in order of first use
 * @param spines          the tier-2 domains the job's traffic crosses, in order of first use: empty when one
 *                        leaf (or one host) holds the job, since its traffic then never leaves the leaf,
 *                        and on one-tier fabrics
 * @param domainsPerTier  for every tier from 1 to the fabric's top, how many domains of that tier are used
 * @param highestTier     the tier of the lowest switch above all hosts; 0 for a single host; -1 when the
 *                        hosts share no switch at all ({@link #connected()} is false)
 * @param unreachable     hosts no switch reaches (left out of every count above)
 */
public record FabricSpan(List<String> leaves, List<String> spines, Map<Integer, Integer> domainsPerTier,
                         int highestTier, List<String> unreachable) {
    public FabricSpan {
        leaves = List.copyOf(leaves);
        spines = List.copyOf(spines);
        domainsPerTier = Collections.unmodifiableMap(new TreeMap<>(domainsPerTier));
        unreachable = List.copyOf(unreachable);
    }

    /** True when one switch lies above every reachable host (or there is at most one host). */
    public boolean connected() {
        return highestTier >= 0;
    }

    /** Domains used at {@code tier} (0 when the fabric has no such tier). */
    public int domains(int tier) {
        return domainsPerTier.getOrDefault(tier, 0);
    }

    public static FabricSpan of(FabricTree tree, Collection<String> hosts) {
        List<String> reachable = new ArrayList<>();
        List<String> unreachable = new ArrayList<>();
        for (String h : new LinkedHashSet<>(hosts)) {
            (tree.leaf(h).isPresent() ? reachable : unreachable).add(h);
        }
        Map<Integer, Integer> perTier = new TreeMap<>();
        List<String> leaves = List.of();
        List<String> spines = List.of();
        for (int t = 1; t <= tree.maxTier(); t++) {
            List<String> used = domainsAt(tree, reachable, t);
            perTier.put(t, used.size());
            if (t == 1) {
                leaves = used;
            } else if (t == 2) {
                spines = used;
            }
        }
        int highest = highestTier(tree, reachable);
        if (highest == 0 || highest == 1) {
            spines = List.of();
        }
        return new FabricSpan(leaves, spines, perTier, highest, unreachable);
    }

    private static List<String> domainsAt(FabricTree tree, List<String> hosts, int tier) {
        Set<String> used = new LinkedHashSet<>();
        for (String h : hosts) {
            tree.domain(h, tier).ifPresent(used::add);
        }
        return List.copyOf(used);
    }

    private static int highestTier(FabricTree tree, List<String> hosts) {
        if (hosts.size() <= 1) {
            return 0;
        }
        return commonSwitch(tree, hosts).map(tree::tier).orElse(-1);
    }

    /**
     * The lowest-tier switch that every host reaches going up any cable (ties: fabric order), when there is
     * one; for a single host, its leaf.
     */
    public static Optional<String> commonSwitch(FabricTree tree, List<String> hosts) {
        if (hosts.isEmpty()) {
            return Optional.empty();
        }
        Set<String> common = new LinkedHashSet<>(tree.ancestors(hosts.get(0)));
        // A host's ancestors depend only on the switches it is cabled to, and the hosts of a job share a few
        // leaves: walking each leaf set's (fat-tree wide) ancestry once, not once per host, keeps this from
        // dominating a 256-host job's metrics at 16,384 hosts.
        Set<List<String>> walked = new HashSet<>();
        for (String h : hosts) {
            if (walked.add(tree.fabric().switchesOf(h))) {
                common.retainAll(tree.ancestors(h));
            }
        }
        String best = null;
        for (org.topoplanner.model.fabric.SwitchNode s : tree.fabric().switches()) {
            if (common.contains(s.name()) && (best == null || s.tier() < tree.tier(best))) {
                best = s.name();
            }
        }
        return Optional.ofNullable(best);
    }
}
