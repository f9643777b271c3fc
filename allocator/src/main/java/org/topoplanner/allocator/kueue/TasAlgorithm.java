package org.topoplanner.allocator.kueue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.k8s.NodeCapacity;
import org.topoplanner.allocator.k8s.PodRequest;
import org.topoplanner.model.k8s.KueueMode;

/**
 * Kueue's topology assignment for one PodSet ({@code findTopologyAssignment} in
 * {@code pkg/cache/tas_flavor_snapshot.go}, without leaders, slices and affinity tiers, with the
 * {@code TASProfileMixed} gate on so that unconstrained PodSets use LeastFreeCapacity):
 *
 * <ol>
 * <li>fill in how many pods fit in each lowest-level domain ({@code CountIn} of the free capacity, pods
 *     included) and sum them up the tree;</li>
 * <li>at the requested level, sort domains by most pods first (least first for unconstrained), ties by
 *     level values; BestFit takes the first domain with the fewest pods that still holds them all;
 *     LeastFreeCapacity the first domain that holds them all; when none does, {@code required} fails,
 *     {@code preferred} climbs one level and tries again, and at the top level (or when unconstrained)
 *     domains are taken greedily in sorted order, the last one chosen by best fit;</li>
 * <li>walk down level by level: the chosen domains' children, sorted the same way, are filled greedily
 *     with the last one again by best fit.</li>
 * </ol>
 */
final class TasAlgorithm {
    private final TopologyLevels levels;
    private final List<Map<List<String>, TasDomain>> perLevel = new ArrayList<>();

    TasAlgorithm(TopologyLevels levels, Map<String, NodeCapacity> nodes, PodRequest pod) {
        this.levels = levels;
        for (int i = 0; i < levels.levels().size(); i++) {
            perLevel.add(new LinkedHashMap<>());
        }
        Map<List<String>, List<NodeCapacity>> leafNodes = new LinkedHashMap<>();
        levels.values().forEach((host, v) -> {
            if (nodes.containsKey(host)) {
                leafNodes.computeIfAbsent(v, x -> new ArrayList<>()).add(nodes.get(host));
            }
        });
        int last = levels.levels().size() - 1;
        for (Map.Entry<List<String>, List<NodeCapacity>> e : leafNodes.entrySet()) {
            TasDomain leaf = domain(e.getKey(), last);
            e.getValue().forEach(n -> leaf.hosts.add(n.host()));
            leaf.state = countIn(e.getValue(), pod);
        }
        for (TasDomain root : perLevel.get(0).values()) {
            fill(root);
        }
    }

    /** A lowest-level domain's capacity is the sum of its nodes' free capacity, as Kueue aggregates it. */
    private static int countIn(List<NodeCapacity> nodes, PodRequest pod) {
        if (nodes.size() == 1) {
            return nodes.get(0).countIn(pod);
        }
        NodeCapacity sum = nodes.get(0);
        for (int i = 1; i < nodes.size(); i++) {
            NodeCapacity n = nodes.get(i);
            sum = new NodeCapacity(sum.host(), sum.cpuMilli() + n.cpuMilli(), sum.memoryMiB() + n.memoryMiB(),
                    sum.gpus() + n.gpus(), sum.rdma() + n.rdma(), sum.pods() + n.pods(),
                    sum.usedCpuMilli() + n.usedCpuMilli(), sum.usedMemoryMiB() + n.usedMemoryMiB(),
                    sum.usedGpus() + n.usedGpus(), sum.usedRdma() + n.usedRdma(), sum.usedPods() + n.usedPods(),
                    0, 0);
        }
        return sum.countIn(pod);
    }

    private TasDomain domain(List<String> values, int level) {
        TasDomain d = perLevel.get(level).get(values);
        if (d != null) {
            return d;
        }
        TasDomain parent = level == 0 ? null : domain(values.subList(0, level), level - 1);
        d = new TasDomain(values.subList(0, level + 1), parent);
        if (parent != null) {
            parent.children.add(d);
        }
        perLevel.get(level).put(d.values, d);
        return d;
    }

    private static int fill(TasDomain d) {
        if (d.children.isEmpty()) {
            return d.state;
        }
        int sum = 0;
        for (TasDomain c : d.children) {
            sum += fill(c);
        }
        d.state = sum;
        return sum;
    }

    /** The outcome: lowest-level domains with pod counts, or why the PodSet does not fit. */
    record Result(List<TasDomain> leaves, int fitLevel, String failure) {
    }

    Result assign(KueueMode mode, int levelIdx, int count) {
        boolean unconstrained = mode == KueueMode.UNCONSTRAINED;
        boolean required = mode == KueueMode.REQUIRED;
        Fit found = findLevel(levelIdx, required, count, unconstrained);
        if (found.failure() != null) {
            return new Result(List.of(), -1, found.failure());
        }
        int fitLevel = found.level();
        List<TasDomain> curr = updateCountsToMinimum(found.domains(), count, unconstrained);
        for (int l = fitLevel; l + 1 < perLevel.size(); l++) {
            List<TasDomain> lower = new ArrayList<>();
            curr.forEach(d -> lower.addAll(d.children));
            curr = updateCountsToMinimum(sorted(lower, unconstrained), count, unconstrained);
        }
        List<TasDomain> leaves = new ArrayList<>(curr);
        leaves.sort(TasDomain::compareValues);
        return new Result(leaves, fitLevel, null);
    }

    /** {@code findLevelWithFitDomains}'s answer: the level and its domains, or a failure. */
    private record Fit(int level, List<TasDomain> domains, String failure) {
    }

    private Fit findLevel(int levelIdx, boolean required, int count, boolean unconstrained) {
        List<TasDomain> sorted = sorted(new ArrayList<>(perLevel.get(levelIdx).values()), unconstrained);
        if (sorted.isEmpty()) {
            return new Fit(0, null, "no topology domains at level: " + levels.levels().get(levelIdx));
        }
        if (unconstrained) {
            for (TasDomain d : sorted) {
                if (d.state >= count) {
                    return new Fit(levelIdx, List.of(d), null);
                }
            }
            if (required) {
                return new Fit(0, null, notFit(sorted.get(sorted.size() - 1).state, count));
            }
        }
        TasDomain top = sorted.get(0);
        if (!unconstrained && top.state >= count) {
            top = bestFit(sorted, count);
        }
        if (top.state < count) {
            if (required) {
                return new Fit(0, null, notFit(top.state, count));
            }
            if (levelIdx > 0 && !unconstrained) {
                return findLevel(levelIdx - 1, required, count, unconstrained);
            }
            List<TasDomain> results = new ArrayList<>();
            int remaining = count;
            for (int i = 0; remaining > 0 && i < sorted.size(); i++) {
                TasDomain d = sorted.get(i);
                if (d.state == 0) {
                    continue;
                }
                if (!unconstrained && d.state >= remaining) {
                    d = bestFit(sorted.subList(i, sorted.size()), remaining);
                }
                results.add(d);
                remaining -= d.state;
            }
            if (remaining > 0) {
                return new Fit(0, null, notFit(count - remaining, count));
            }
            return new Fit(levelIdx, results, null);
        }
        return new Fit(levelIdx, List.of(top), null);
    }

    private String notFit(int fits, int count) {
        return "topology \"" + levels.name() + "\" allows to fit only " + fits + " out of " + count + " pod(s)";
    }

    /** {@code findBestFitDomainBy}: the first domain with the fewest pods that still holds {@code needed}. */
    private static TasDomain bestFit(List<TasDomain> domains, int needed) {
        TasDomain best = domains.get(0);
        for (TasDomain d : domains) {
            if (d.state >= needed && d.state < best.state) {
                best = d;
            }
        }
        return best;
    }

    private static List<TasDomain> updateCountsToMinimum(List<TasDomain> domains, int count, boolean unconstrained) {
        List<TasDomain> result = new ArrayList<>();
        int remaining = count;
        for (int i = 0; i < domains.size(); i++) {
            TasDomain d = domains.get(i);
            if (!unconstrained && d.state >= remaining) {
                d = bestFit(domains.subList(i, domains.size()), remaining);
            }
            if (d.state >= remaining) {
                d.state = remaining;
                result.add(d);
                return result;
            }
            if (d.state > 0) {
                remaining -= d.state;
                result.add(d);
            }
        }
        return result;
    }

    /** Most pods first (least first for unconstrained), ties by level values. */
    private static List<TasDomain> sorted(List<TasDomain> domains, boolean unconstrained) {
        Comparator<TasDomain> byState = Comparator.comparingInt(d -> d.state);
        if (!unconstrained) {
            byState = byState.reversed();
        }
        List<TasDomain> out = new ArrayList<>(domains);
        out.sort(byState.thenComparing(TasDomain::compareValues));
        return out;
    }
}
