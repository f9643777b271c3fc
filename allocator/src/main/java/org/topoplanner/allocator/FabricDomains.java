package org.topoplanner.allocator;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.SwitchNode;

/**
 * The fabric as nested host sets ("domains"), the shape every locality measure is counted on.
 *
 * <p>A domain is the set of hosts below a switch (through its child switches). Switches that reach
 * exactly the same hosts form one domain: the 32 spines of a fat-tree pod are one pod, the 8 rail
 * leaves of a rail-optimised scalable unit are one unit (its hosts are cabled to every one of them),
 * the cores above all pods are one root. A domain's {@link Domain#tier() tier} is its height: 1 for
 * a domain directly above hosts (a leaf), 1 + the highest child otherwise (as Slurm numbers switch
 * levels), so uneven trees keep their shape.
 *
 * <p>Domains nest into a forest. Where the fabric is not a clean hierarchy (a host cabled to leaves
 * of two different domains), the host counts under the domain met first, smallest first and then in
 * switch order; the other domain keeps its remaining hosts. A cluster whose fabric lists no switches
 * at all is one flat tier-1 domain (nothing says its hosts are apart); hosts no switch reaches in a
 * fabric that has switches, and hosts of different roots, cannot be joined by one job's network.
 */
public final class FabricDomains {
    private final List<Domain> domains;
    private final int[] leafOf;
    private final int[] topOf;
    private final int maxTier;
    private final boolean flat;

    /**
     * One domain.
     *
     * @param id       position in {@link #all()} (children before parents)
     * @param tier     height: 1 above hosts
     * @param switches the switches whose host sets are this domain, in fabric order
     * @param parent   the enclosing domain's id, or -1 for a root
     * @param children child domain ids
     * @param direct   hosts (numbers) directly in this domain and in none of its children
     * @param hosts    all hosts (numbers) in this domain, ascending
     */
    public record Domain(int id, int tier, List<String> switches, int parent, int[] children, int[] direct,
                         int[] hosts) {
        public String name() {
            return switches.size() == 1 ? switches.get(0)
                    : switches.get(0) + "+" + (switches.size() - 1);
        }
    }

    private FabricDomains(List<Domain> domains, int hosts, boolean flat) {
        this.domains = List.copyOf(domains);
        this.flat = flat;
        leafOf = new int[hosts];
        topOf = new int[hosts];
        Arrays.fill(leafOf, -1);
        Arrays.fill(topOf, -1);
        int max = 0;
        for (Domain d : domains) {
            for (int h : d.direct()) {
                leafOf[h] = d.id();
            }
            max = Math.max(max, d.tier());
        }
        for (Domain d : domains) {
            if (d.parent() == -1) {
                for (int h : d.hosts()) {
                    topOf[h] = d.id();
                }
            }
        }
        maxTier = max;
    }

    static FabricDomains of(Fabric fabric, ClusterIndex index) {
        int n = index.size();
        List<SwitchNode> switches = fabric.switches();
        if (switches.isEmpty()) {
            int[] all = new int[n];
            Arrays.setAll(all, i -> i);
            return new FabricDomains(List.of(new Domain(0, 1, List.of("(flat)"), -1, new int[0], all, all)), n, true);
        }
        Map<String, BitSet> below = new HashMap<>();
        for (SwitchNode s : switches) {
            hostsBelow(s.name(), fabric, index, below, new HashSet<>());
        }
        // switches with the same host set are one domain; order: smallest first, then fabric order
        Map<BitSet, List<String>> groups = new LinkedHashMap<>();
        for (SwitchNode s : switches) {
            BitSet b = below.get(s.name());
            if (!b.isEmpty()) {
                groups.computeIfAbsent(b, k -> new ArrayList<>()).add(s.name());
            }
        }
        List<Map.Entry<BitSet, List<String>>> order = new ArrayList<>(groups.entrySet());
        order.sort(Comparator.comparingInt(e -> e.getKey().cardinality()));
        int[] top = new int[n];
        Arrays.fill(top, -1);
        List<int[]> childLists = new ArrayList<>();
        List<int[]> directLists = new ArrayList<>();
        List<BitSet> sets = new ArrayList<>();
        int[] tiers = new int[order.size()];
        int[] parents = new int[order.size()];
        Arrays.fill(parents, -1);
        for (int id = 0; id < order.size(); id++) {
            BitSet set = (BitSet) order.get(id).getKey().clone();
            List<Integer> children = new ArrayList<>();
            List<Integer> direct = new ArrayList<>();
            for (int h = set.nextSetBit(0); h >= 0; h = set.nextSetBit(h + 1)) {
                int t = top[h];
                if (t == -1) {
                    direct.add(h);
                } else if (!children.contains(t)) {
                    children.add(t);
                }
            }
            BitSet effective = new BitSet();
            direct.forEach(effective::set);
            List<Integer> kept = new ArrayList<>();
            for (int c : children) {
                BitSet cs = sets.get(c);
                BitSet outside = (BitSet) cs.clone();
                outside.andNot(set);
                if (outside.isEmpty()) {
                    kept.add(c);
                    effective.or(cs);
                    parents[c] = id;
                }
                // else: the child reaches hosts outside this domain; its hosts here stay with it
            }
            int tier = 1;
            for (int c : kept) {
                tier = Math.max(tier, tiers[c] + 1);
            }
            tiers[id] = tier;
            sets.add(effective);
            childLists.add(kept.stream().mapToInt(Integer::intValue).toArray());
            directLists.add(direct.stream().mapToInt(Integer::intValue).toArray());
            for (int h = effective.nextSetBit(0); h >= 0; h = effective.nextSetBit(h + 1)) {
                top[h] = id;
            }
        }
        List<Domain> out = new ArrayList<>();
        for (int id = 0; id < order.size(); id++) {
            out.add(new Domain(id, tiers[id], List.copyOf(order.get(id).getValue()), parents[id], childLists.get(id),
                    directLists.get(id), sets.get(id).stream().toArray()));
        }
        return new FabricDomains(out, n, false);
    }

    private static BitSet hostsBelow(String sw, Fabric fabric, ClusterIndex index, Map<String, BitSet> memo,
                                     Set<String> onPath) {
        BitSet done = memo.get(sw);
        if (done != null) {
            return done;
        }
        BitSet b = new BitSet();
        if (onPath.add(sw)) {
            for (String h : fabric.hostsOf(sw)) {
                int i = index.number(h);
                if (i >= 0) {
                    b.set(i);
                }
            }
            for (String c : fabric.childSwitches(sw)) {
                b.or(hostsBelow(c, fabric, index, memo, onPath));
            }
            onPath.remove(sw);
        }
        memo.put(sw, b);
        return b;
    }

    /** Every domain, children before parents. */
    public List<Domain> all() {
        return domains;
    }

    public Domain get(int id) {
        return domains.get(id);
    }

    /** The highest tier of any domain (0 when there are none). */
    public int maxTier() {
        return maxTier;
    }

    /** True when the fabric lists no switches and the cluster is taken as one flat domain. */
    public boolean flat() {
        return flat;
    }

    /** The smallest domain holding {@code host} (-1 when no switch reaches it). */
    public int domainOf(int host) {
        return leafOf[host];
    }

    /** The root domain holding {@code host} (-1 when no switch reaches it). */
    public int rootOf(int host) {
        return topOf[host];
    }

    /** The smallest domain holding every host of {@code hosts}, or -1 when no one domain does. */
    public int lowestCommon(int[] hosts) {
        if (hosts.length == 0) {
            return -1;
        }
        int d = leafOf[hosts[0]];
        for (int i = 1; i < hosts.length && d >= 0; i++) {
            int e = leafOf[hosts[i]];
            while (d >= 0 && !contains(d, e)) {
                d = domains.get(d).parent();
            }
        }
        return d;
    }

    /** True when domain {@code outer} is {@code inner} or one of its ancestors. */
    public boolean contains(int outer, int inner) {
        for (int d = inner; d >= 0; d = domains.get(d).parent()) {
            if (d == outer) {
                return true;
            }
        }
        return false;
    }

    /** Tier-by-tier counts of the domains {@code hosts} touch: {@code counts[t]} for tier t (index 0 unused). */
    public int[] touched(int[] hosts) {
        int[] counts = new int[maxTier + 1];
        BitSet seen = new BitSet();
        for (int h : hosts) {
            for (int d = leafOf[h]; d >= 0 && !seen.get(d); d = domains.get(d).parent()) {
                seen.set(d);
                counts[domains.get(d).tier()]++;
            }
        }
        return counts;
    }
}
