package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.topoplanner.allocator.FabricDomains;

/**
 * The exact search under a {@link HostSets} limit. The optimum under the limit is the best of the
 * optima inside each allowed set; searching every set alone would cost one tree search per leaf on a
 * big fabric, so sets that are exactly a fabric domain's hosts (HyperNodes and label domains that
 * follow the cabling, the usual case) share one search in which only domains wholly inside one such set
 * may be the job's lowest common domain. Every other set gets a search of its own. All searches score
 * with the same {@link Candidates}, so their answers compare.
 */
final class LimitedSearch {
    private LimitedSearch() {
    }

    static TreeSearch.Result best(FabricDomains dom, Candidates cand, int nodes, int leafLimit, HostSets limit) {
        List<BitSet> sets = limit.sets();
        // hosts in several sets (overlapping HyperNodes) are resolved per domain below
        List<List<Integer>> memberOf = new ArrayList<>();
        for (int h = 0; h < cand.choice.length; h++) {
            memberOf.add(null);
        }
        for (int s = 0; s < sets.size(); s++) {
            for (int h = sets.get(s).nextSetBit(0); h >= 0; h = sets.get(s).nextSetBit(h + 1)) {
                if (h < memberOf.size()) {
                    if (memberOf.get(h) == null) {
                        memberOf.set(h, new ArrayList<>(1));
                    }
                    memberOf.get(h).add(s);
                }
            }
        }
        boolean[] inside = new boolean[dom.all().size()];
        boolean[] aligned = new boolean[sets.size()];
        for (FabricDomains.Domain d : dom.all()) {
            int[] hosts = d.hosts();
            if (hosts.length == 0 || memberOf.get(hosts[0]) == null) {
                continue;
            }
            for (int s : memberOf.get(hosts[0])) {
                BitSet set = sets.get(s);
                boolean all = true;
                for (int h : hosts) {
                    if (!set.get(h)) {
                        all = false;
                        break;
                    }
                }
                if (all) {
                    inside[d.id()] = true;
                    if (hosts.length == set.cardinality()) {
                        aligned[s] = true;
                    }
                }
            }
        }
        TreeSearch.Result best = null;
        BitSet alignedHosts = new BitSet();
        for (int s = 0; s < sets.size(); s++) {
            if (aligned[s]) {
                alignedHosts.or(sets.get(s));
            }
        }
        if (!alignedHosts.isEmpty() && holdsRequired(cand, alignedHosts)) {
            best = better(best, new TreeSearch(dom, cand, nodes, leafLimit, alignedHosts, d -> inside[d]).search());
        }
        for (int s = 0; s < sets.size(); s++) {
            BitSet set = sets.get(s);
            if (!aligned[s] && set.cardinality() >= nodes && holdsRequired(cand, set)) {
                best = better(best, new TreeSearch(dom, cand, nodes, leafLimit, set, d -> true).search());
            }
        }
        return best;
    }

    private static boolean holdsRequired(Candidates cand, BitSet set) {
        for (int h = 0; h < cand.required.length; h++) {
            if (cand.required[h] && !set.get(h)) {
                return false;
            }
        }
        return true;
    }

    private static TreeSearch.Result better(TreeSearch.Result a, TreeSearch.Result b) {
        if (b == null) {
            return a;
        }
        return a == null || Arrays.compare(b.cost(), a.cost()) < 0 ? b : a;
    }
}
