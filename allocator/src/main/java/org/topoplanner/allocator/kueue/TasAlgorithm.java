package org.topoplanner.allocator.kueue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.topoplanner.allocator.k8s.NodeCapacity;
import org.topoplanner.allocator.k8s.PodRequest;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.SliceConstraint;

/**
 * Kueue's topology assignment for one PodSet ({@code findTopologyAssignment} in
 * {@code pkg/cache/scheduler/tas_flavor_snapshot.go} at ff69552, default feature gates: TASProfileMixed
 * on, so unconstrained, implied and slice-only PodSets use LeastFreeCapacity; balanced placement and
 * preferred node affinity off; no leader PodSet). Checked case by case against that code by
 * {@code KueueTasOracleTest}.
 *
 * <ol>
 * <li>count how many pods fit in each lowest-level domain (its free capacity, pods included) and how
 *     many slices fit at the slice level, and sum them up the tree (an inner slice layer rounds its
 *     domains' pods down to whole inner slices);</li>
 * <li>at the requested level, domains sorted by slices (most first for BestFit, least first for
 *     LeastFreeCapacity), then fewest pods, then level values: BestFit takes the first domain with the
 *     fewest slices that still holds them all, LeastFreeCapacity the first that holds them all; when
 *     none does, {@code required} fails, {@code preferred} climbs one level, and at the top level (or
 *     when unconstrained) domains are taken in sorted order, the last one chosen by best fit;</li>
 * <li>walk down: above the slice level all lower domains are filled together in sorted order; at and
 *     below it each domain's pods go to its own children (in inner-slice units where a layer says so).</li>
 * </ol>
 */
final class TasAlgorithm {
    private final TopologyLevels levels;
    /**
     * The tree's domains, shared with this thread's earlier computations on the same tree: a result's
     * domains hold their counts until the thread's next computation on it.
     */
    private final List<List<TasDomain>> perLevel = new ArrayList<>();
    private final List<TasDomain> leaves;
    private final LevelCounts counts;
    private final boolean nodeLeaves;
    private final PodRequest pod;

    TasAlgorithm(TopologyLevels levels, Map<String, NodeCapacity> nodes, PodRequest pod) {
        this(levels, TasTree.of(levels, nodes::containsKey), nodes, pod);
    }

    private TasAlgorithm(TopologyLevels levels, TasTree tree, Map<String, NodeCapacity> nodes, PodRequest pod) {
        this(levels, tree, LevelCounts.of(tree, tree.capacities(nodes::get), LeafCapacity.Demand.of(pod)), pod);
    }

    /** The computation over {@code tree}, each domain holding the pods {@code counts} says fit it. */
    TasAlgorithm(TopologyLevels levels, TasTree tree, LevelCounts counts, PodRequest pod) {
        this.levels = levels;
        this.pod = pod;
        this.nodeLeaves = tree.nodeLeaves();
        this.counts = counts;
        // the domains are this thread's, made once per tree: every count is set again by fillInCounts
        perLevel.addAll(tree.domains());
        leaves = perLevel.get(perLevel.size() - 1);
    }

    /**
     * What the PodSet asks: its mode, the level named by required/preferred ({@code null} otherwise),
     * its pod count, and its slice layers (outermost first; empty without slices).
     */
    record Request(KueueMode mode, String level, int count, List<SliceConstraint> slices) {
        Request {
            slices = List.copyOf(slices);
        }

        /** Slices without required/preferred: Kueue places them unconstrained from the top level. */
        boolean sliceOnly() {
            return !slices.isEmpty() && mode != KueueMode.REQUIRED && mode != KueueMode.PREFERRED;
        }
    }

    /**
     * The outcome: lowest-level domains with their pod counts ({@link TasDomain#podCount}) in level-value
     * order, the level the fit was found at, or why the PodSet does not fit (Kueue's words).
     */
    record Result(List<TasDomain> leaves, int fitLevel, String failure) {
        static Result failed(String why) {
            return new Result(List.of(), -1, why);
        }
    }

    /** Per-computation settings ({@code topologyAssignmentParameters}) and exclusion counts. */
    private record Params(int count, int sliceSize, int sliceLevel, boolean required, boolean unconstrained,
                          Map<Integer, Integer> sliceSizeAtLevel, List<SliceConstraint> multiLayer) {
    }

    Result assign(Request r) {
        int sliceSize = r.slices().isEmpty() ? 1 : r.slices().get(0).size();
        if (sliceSize <= 0) {
            return Result.failed("slice topology requested, but slice size not provided");
        }
        boolean unconstrained = r.mode() == KueueMode.UNCONSTRAINED || r.mode() == KueueMode.NONE || r.sliceOnly();
        List<String> keys = levels.levels();
        String key = switch (r.mode()) {
            case REQUIRED, PREFERRED -> r.level();
            default -> r.sliceOnly() ? keys.get(0) : keys.get(keys.size() - 1);
        };
        int requestedLevel = keys.indexOf(key);
        if (requestedLevel < 0) {
            return Result.failed("no requested topology level: " + key);
        }
        String sliceKey = r.slices().isEmpty() ? keys.get(keys.size() - 1) : r.slices().get(0).topology();
        int sliceLevel = keys.indexOf(sliceKey);
        if (sliceLevel < 0) {
            return Result.failed("no requested topology level for slices: " + sliceKey);
        }
        if (requestedLevel > sliceLevel) {
            return Result.failed("podset slice topology " + sliceKey + " is above the podset topology " + key);
        }
        Map<Integer, Integer> sliceSizeAtLevel = new TreeMap<>();
        int prevSize = sliceSize;
        int prevLevel = sliceLevel;
        for (SliceConstraint layer : r.slices().subList(Math.min(1, r.slices().size()), r.slices().size())) {
            int inner = keys.indexOf(layer.topology());
            if (inner < 0) {
                return Result.failed("no requested topology level for additional slice layer: " + layer.topology());
            }
            if (inner <= prevLevel) {
                return Result.failed("additional slice layer topology " + layer.topology()
                        + " must be at a lower level than " + keys.get(prevLevel));
            }
            if (layer.size() == 0 || prevSize % layer.size() != 0) {
                return Result.failed("additional slice layer size " + layer.size()
                        + " must evenly divide parent layer size " + prevSize);
            }
            for (int l = prevLevel + 1; l <= inner; l++) {
                sliceSizeAtLevel.put(l, layer.size());
            }
            prevSize = layer.size();
            prevLevel = inner;
        }
        Params p = new Params(r.count(), sliceSize, sliceLevel, r.mode() == KueueMode.REQUIRED, unconstrained,
                sliceSizeAtLevel, sliceSizeAtLevel.isEmpty() ? List.of() : r.slices());
        Exclusions stats = fillInCounts(p);
        Fit fit = findLevel(requestedLevel, p, stats);
        if (fit.failure() != null) {
            return Result.failed(fit.failure());
        }
        List<TasDomain> curr = updateCountsToMinimum(fit.domains(), p.count(), p.sliceSize(), unconstrained, true);
        int level = fit.level();
        for (; level < Math.min(perLevel.size() - 1, sliceLevel); level++) {
            List<TasDomain> lower = new ArrayList<>();
            curr.forEach(d -> lower.addAll(d.children));
            curr = updateCountsToMinimum(sorted(lower, unconstrained), p.count(), p.sliceSize(), unconstrained, true);
        }
        for (; level < perLevel.size() - 1; level++) {
            int size = sliceSizeAtLevel.getOrDefault(level + 1, 1);
            List<TasDomain> next = new ArrayList<>();
            for (TasDomain d : curr) {
                // sorted on the counts of the fill, before the inner slice counts are recomputed
                List<TasDomain> children = sorted(d.children, unconstrained);
                if (size > 1) {
                    children.forEach(c -> c.sliceCount = c.podCount / size);
                }
                next.addAll(updateCountsToMinimum(children, d.podCount, size, unconstrained, size > 1));
            }
            curr = next;
        }
        List<TasDomain> out = new ArrayList<>(curr.stream().filter(d -> d.podCount > 0).toList());
        out.sort(TasDomain::compareValues);
        return new Result(out, fit.level(), null);
    }

    /** Why nodes (or, without a hostname level, leaf domains) were left out: Kueue's exclusion stats. */
    private static final class Exclusions {
        int total;
        final Map<String, Integer> resources = new TreeMap<>();

        String suffix() {
            if (resources.isEmpty()) {
                return "";
            }
            List<String> reasons = new ArrayList<>();
            resources.forEach((res, n) -> reasons.add("resource \"" + res + "\": " + n));
            reasons.sort(null);
            return ". Total nodes: " + total + "; excluded: " + String.join(", ", reasons);
        }
    }

    private Exclusions fillInCounts(Params p) {
        Exclusions stats = new Exclusions();
        for (List<TasDomain> level : perLevel) {
            level.forEach(d -> {
                d.podCount = 0;
                d.sliceCount = 0;
            });
        }
        int last = perLevel.size() - 1;
        for (int i = 0; i < leaves.size(); i++) {
            TasDomain leaf = leaves.get(i);
            stats.total += nodeLeaves ? leaf.hosts.size() : 1;
            leaf.podCount = counts.pods(last, i);
            if (leaf.podCount == 0) {
                stats.resources.merge(counts.limitedBy(i), 1, Integer::sum);
            }
        }
        if (!p.sliceSizeAtLevel().isEmpty()) {
            for (TasDomain root : perLevel.get(0)) {
                fillUp(root, 0, p);
            }
            return stats;
        }
        // without inner slice layers a domain's pods are its children's sum: the counts already hold it
        for (int l = last; l >= 0; l--) {
            List<TasDomain> level = perLevel.get(l);
            for (int i = 0; i < level.size(); i++) {
                TasDomain d = level.get(i);
                d.podCount = counts.pods(l, i);
                if (l == p.sliceLevel()) {
                    d.sliceCount = d.podCount / p.sliceSize();
                } else if (l < p.sliceLevel()) {
                    d.children.forEach(c -> d.sliceCount += c.sliceCount);
                }
            }
        }
        return stats;
    }

    /** {@code fillInCountsHelper} without leaders. */
    private void fillUp(TasDomain d, int level, Params p) {
        if (d.children.isEmpty()) {
            if (level == p.sliceLevel()) {
                d.sliceCount = d.podCount / p.sliceSize();
            }
            return;
        }
        Integer inner = p.sliceSizeAtLevel().get(level + 1);
        int pods = 0;
        int slices = 0;
        for (TasDomain c : d.children) {
            fillUp(c, level + 1, p);
            pods += inner == null ? c.podCount : c.podCount / inner * inner;
            slices += c.sliceCount;
        }
        d.podCount = pods;
        d.sliceCount = level == p.sliceLevel() ? pods / p.sliceSize() : slices;
    }

    /** {@code findLevelWithFitDomains}'s answer: the level and its domains, or a failure. */
    private record Fit(int level, List<TasDomain> domains, String failure) {
        static Fit failed(String why) {
            return new Fit(0, null, why);
        }
    }

    private Fit findLevel(int level, Params p, Exclusions stats) {
        if (perLevel.get(level).isEmpty()) {
            return Fit.failed("no topology domains at level: " + levels.levels().get(level));
        }
        boolean bestFit = !p.unconstrained();
        List<TasDomain> sorted = sorted(perLevel.get(level), p.unconstrained());
        int slices = p.count() / p.sliceSize();
        TasDomain top = sorted.get(0);
        if (bestFit && top.sliceCount >= slices) {
            top = bestFit(sorted, slices, true);
        }
        if (!bestFit) {
            for (TasDomain d : sorted) {
                if (d.sliceCount >= slices) {
                    return new Fit(level, List.of(d), null);
                }
            }
            if (p.required()) {
                return Fit.failed(notFit(level, sorted.get(sorted.size() - 1).podCount, slices, p, stats));
            }
        }
        if (top.sliceCount >= slices) {
            return new Fit(level, List.of(top), null);
        }
        if (p.required()) {
            return Fit.failed(notFit(level, top.sliceCount, slices, p, stats));
        }
        if (level > 0 && !p.unconstrained()) {
            return findLevel(level - 1, p, stats);
        }
        List<TasDomain> results = new ArrayList<>();
        int remaining = slices;
        for (int i = 0; remaining > 0 && i < sorted.size(); i++) {
            TasDomain d = sorted.get(i);
            if (bestFit && d.sliceCount >= remaining) {
                d = bestFit(sorted.subList(i, sorted.size()), remaining, true);
            }
            results.add(d);
            remaining -= d.sliceCount;
        }
        if (remaining > 0) {
            return Fit.failed(notFit(level, slices - remaining, slices, p, stats));
        }
        return new Fit(level, results, null);
    }

    /** {@code notFitMessage}, or {@code multiLayerNotFitMessage} when inner slice layers are set. */
    private String notFit(int level, int fits, int needed, Params p, Exclusions stats) {
        String topology = "topology \"" + levels.name() + "\"";
        if (!p.multiLayer().isEmpty()) {
            StringBuilder b = new StringBuilder(topology).append(" doesn't allow to fit");
            TasDomain best = null;
            for (TasDomain d : perLevel.get(level)) {
                if (best == null || d.sliceCount > best.sliceCount
                        || (d.sliceCount == best.sliceCount && d.id.compareTo(best.id) < 0)) {
                    best = d;
                }
            }
            if (best == null) {
                return b.toString();
            }
            for (SliceConstraint c : p.multiLayer()) {
                int target = levels.indexOf(c.topology());
                int fit = slicesIn(best, level, target, c.size());
                b.append("; ").append(fit).append('/').append(p.count() / c.size())
                        .append(" slice(s) fit on level ").append(c.topology());
            }
            return b + stats.suffix();
        }
        String unit = p.sliceSize() == 1 ? "pod" : "slice";
        String head = fits == 0
                ? topology + " doesn't allow to fit any of " + needed + " " + unit + "(s)"
                : topology + " allows to fit only " + fits + " out of " + needed + " " + unit + "(s)";
        return head + stats.suffix();
    }

    private static int slicesIn(TasDomain d, int level, int target, int size) {
        if (level == target) {
            return d.podCount / size;
        }
        int total = 0;
        for (TasDomain c : d.children) {
            total += slicesIn(c, level + 1, target, size);
        }
        return total;
    }

    /**
     * {@code findBestFitDomainBy}: the first domain with the fewest slices (or pods) that still holds
     * {@code needed}; the first domain when none does.
     */
    private static TasDomain bestFit(List<TasDomain> domains, int needed, boolean bySlices) {
        TasDomain best = domains.get(0);
        int bestCount = Integer.MAX_VALUE;
        for (TasDomain d : domains) {
            int n = bySlices ? d.sliceCount : d.podCount;
            if (n >= needed && n < bestCount) {
                best = d;
                bestCount = n;
            }
        }
        return best;
    }

    /** {@code updateCountsToMinimumGeneric} without leaders: fill in order, the last by best fit. */
    private static List<TasDomain> updateCountsToMinimum(List<TasDomain> domains, int count, int sliceSize,
                                                         boolean unconstrained, boolean bySlices) {
        List<TasDomain> result = new ArrayList<>();
        int remaining = bySlices ? count / sliceSize : count;
        for (int i = 0; i < domains.size(); i++) {
            TasDomain d = domains.get(i);
            int has = bySlices ? d.sliceCount : d.podCount;
            if (!unconstrained && has >= remaining) {
                d = bestFit(domains.subList(i, domains.size()), remaining, bySlices);
            }
            if (bySlices) {
                if (d.sliceCount >= remaining) {
                    d.podCount = remaining * sliceSize;
                    d.sliceCount = remaining;
                    result.add(d);
                    return result;
                }
                d.podCount = d.sliceCount * sliceSize;
                remaining -= d.sliceCount;
            } else {
                if (d.podCount >= remaining) {
                    d.podCount = remaining;
                    result.add(d);
                    return result;
                }
                remaining -= d.podCount;
            }
            result.add(d);
        }
        return result;
    }

    /**
     * {@code sortedDomains}: slices descending (BestFit) or ascending (LeastFreeCapacity, used when
     * unconstrained), then pods ascending, then level values.
     */
    private static List<TasDomain> sorted(List<TasDomain> domains, boolean unconstrained) {
        Comparator<TasDomain> bySlices = Comparator.comparingInt(d -> d.sliceCount);
        if (!unconstrained) {
            bySlices = bySlices.reversed();
        }
        List<TasDomain> out = new ArrayList<>(domains);
        out.sort(bySlices.thenComparingInt((TasDomain d) -> d.podCount).thenComparing(TasDomain::compareValues));
        return out;
    }
}
