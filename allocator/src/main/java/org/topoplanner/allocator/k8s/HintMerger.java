package org.topoplanner.allocator.k8s;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The Topology Manager's merge ({@code pkg/kubelet/cm/topologymanager/policy.go}, {@code HintMerger},
 * v1.26-v1.33). Every permutation of the
 * providers' hints is ANDed; a merged hint is preferred only when every hint in it is preferred and all
 * non-nil affinities are equal ({@code mergePermutation}). The best merged hint is the preferred one
 * with the narrowest mask (lowest on ties); among non-preferred ones the kubelet steers towards
 * {@code BestNonPreferredAffinityCount}, the largest of each provider's narrowest hint width.
 *
 * <p>The kubelet walks the full cross product, keeping a running best with {@code compare}; that
 * comparison is a total order, so the result is the maximum of the reachable merged hints, which
 * this class computes by folding the providers one at a time over the distinct partial merges
 * (exact, and fast even with 8 NUMA nodes and four resources, where the raw cross product is 255^4).
 *
 * <p>With {@code prefer-closest-numa-nodes} ({@link NumaDistances} given), every tie between two masks of
 * equal preference is broken by {@code NUMAInfo.Closest} instead of {@code Narrowest}
 * ({@code CompareNUMAAffinityMasks}); {@code single-numa-node} never passes distances, as the kubelet
 * ignores the option there.
 */
final class HintMerger {
    private HintMerger() {
    }

    /** One partial merge: the AND so far, whether it is still preferred, and (when preferred) whether a non-nil mask was seen. */
    private record Partial(long and, boolean preferred, boolean seenMask) {
    }

    /** The merged hint of {@code perResource} (already filtered) on a node with NUMA ids {@code numaNodes}. */
    static TopologyHint merge(List<Integer> numaNodes, List<List<TopologyHint>> perResource) {
        return merge(numaNodes, perResource, null);
    }

    /** As {@link #merge(List, List)}, ties broken by {@code closest} when not {@code null}. */
    static TopologyHint merge(List<Integer> numaNodes, List<List<TopologyHint>> perResource, NumaDistances closest) {
        long all = NumaMask.of(numaNodes).bits();
        Set<Partial> states = new HashSet<>();
        states.add(new Partial(all, true, false));
        for (List<TopologyHint> hints : perResource) {
            Set<Partial> next = new HashSet<>();
            for (Partial p : states) {
                for (TopologyHint h : hints) {
                    next.add(step(p, h));
                }
            }
            states = next;
        }
        int bestNonPreferred = maxOfMinAffinityCounts(perResource);
        TopologyHint best = null;
        for (Partial p : states) {
            TopologyHint candidate = new TopologyHint(new NumaMask(p.and()), p.preferred());
            best = compare(best, candidate, bestNonPreferred, closest);
        }
        return best == null ? new TopologyHint(new NumaMask(all), false) : best;
    }

    private static Partial step(Partial p, TopologyHint h) {
        if (h.affinity() == null) {
            return new Partial(p.and(), p.preferred() && h.preferred(), p.seenMask());
        }
        long m = h.affinity().bits();
        boolean equal = !p.seenMask() || !p.preferred() || p.and() == m;
        boolean preferred = p.preferred() && h.preferred() && equal;
        return new Partial(p.and() & m, preferred, true);
    }

    /** {@code HintMerger.compare}: which of the running best and a candidate wins. */
    static TopologyHint compare(TopologyHint current, TopologyHint candidate, int bestNonPreferred) {
        return compare(current, candidate, bestNonPreferred, null);
    }

    /** {@code compare} with {@code CompareNUMAAffinityMasks} under {@code prefer-closest-numa-nodes}. */
    static TopologyHint compare(TopologyHint current, TopologyHint candidate, int bestNonPreferred,
                                NumaDistances closest) {
        if (candidate.affinity().count() == 0) {
            return current;
        }
        if (current == null) {
            return candidate;
        }
        if (!current.preferred() && candidate.preferred()) {
            return candidate;
        }
        if (current.preferred() && !candidate.preferred()) {
            return current;
        }
        if (current.preferred()) {
            return narrower(current, candidate, closest);
        }
        int cur = current.affinity().count();
        int cand = candidate.affinity().count();
        if (cur > bestNonPreferred) {
            return narrower(current, candidate, closest);
        }
        if (cur == bestNonPreferred) {
            return cand != bestNonPreferred ? current : narrower(current, candidate, closest);
        }
        if (cand > bestNonPreferred) {
            return current;
        }
        if (cand == bestNonPreferred) {
            return candidate;
        }
        if (cand > cur) {
            return candidate;
        }
        if (cand < cur) {
            return current;
        }
        return narrower(current, candidate, closest);
    }

    private static TopologyHint narrower(TopologyHint current, TopologyHint candidate, NumaDistances closest) {
        if (candidate.affinity().equals(current.affinity())) {
            return current;
        }
        if (closest != null) {
            return closest.closest(current.affinity(), candidate.affinity()).equals(current.affinity()) ? current
                    : candidate;
        }
        return current.affinity().isNarrowerThan(candidate.affinity()) ? current : candidate;
    }

    /** {@code maxOfMinAffinityCounts}: the widest of the providers' narrowest non-nil hints. */
    static int maxOfMinAffinityCounts(List<List<TopologyHint>> perResource) {
        int max = 0;
        for (List<TopologyHint> hints : perResource) {
            NumaMask narrowest = null;
            for (TopologyHint h : hints) {
                if (h.affinity() != null && (narrowest == null || h.affinity().isNarrowerThan(narrowest))) {
                    narrowest = h.affinity();
                }
            }
            if (narrowest != null && narrowest.count() > max) {
                max = narrowest.count();
            }
        }
        return max;
    }

    /** {@code filterProvidersHints}: a provider with no resources at all counts as one "don't care". */
    static List<List<TopologyHint>> filter(List<List<ResourceHints>> providers) {
        List<List<TopologyHint>> out = new ArrayList<>();
        for (List<ResourceHints> provider : providers) {
            if (provider.isEmpty()) {
                out.add(List.of(TopologyHint.DONT_CARE));
                continue;
            }
            for (ResourceHints r : provider) {
                out.add(r.filtered());
            }
        }
        return out;
    }

    /** {@code filterSingleNumaHints}: keep "don't care" and preferred single-NUMA hints only. */
    static List<List<TopologyHint>> singleNuma(List<List<TopologyHint>> perResource) {
        List<List<TopologyHint>> out = new ArrayList<>();
        for (List<TopologyHint> hints : perResource) {
            out.add(hints.stream().filter(h -> h.preferred() && (h.affinity() == null || h.affinity().count() == 1))
                    .toList());
        }
        return out;
    }
}
