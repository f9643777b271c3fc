package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntPredicate;
import org.topoplanner.allocator.FabricDomains;

/**
 * The exact node choice: dynamic programming over the {@link FabricDomains} tree. For every domain
 * and every {@code k} up to the job's node count it keeps the cheapest way (by the {@link Layout}
 * vector) to take {@code k} usable hosts below it; children are combined like a knapsack, and a
 * domain adds its own terms (touched, broken, hosts left) once its children are merged. With
 * {@code --switches=S} the tables also carry the number of leaves used (0..S), so the limit is a
 * hard constraint the search honours rather than a check on one answer.
 *
 * <p>Every domain with enough usable hosts (and all the required ones) is a candidate for the
 * job's lowest common domain; candidates are visited in the order of a lower bound of their vector
 * (tier, the domains they must touch, the best-fit terms that depend only on the job size) and
 * the search stops when the bound exceeds the best vector found. That is what keeps a 256-node job
 * on a 16,384-host fat tree to a few domain tables.
 *
 * <p>Hard locality limits (Volcano {@code highestTierAllowed}, a Kueue required level; see
 * {@link HostSets}) narrow the search in two ways that keep every cost term as without them, so the
 * answers of several searches compare: {@code eligible} hosts are the only ones taken, and only
 * domains {@code lcaAllowed} says are wholly inside one allowed set may be the lowest common domain.
 *
 * <p>Why a lexicographic vector may be summed: lexicographic order is compatible with addition, so
 * the cheapest sum of independent parts is the sum of the cheapest parts, and the k cheapest
 * hosts of a group are its k lexicographically smallest host vectors.
 */
final class TreeSearch {
    private final FabricDomains dom;
    private final Candidates cand;
    private final Layout layout;
    private final int vlen;
    private final int n;
    private final int rows;
    private final Table[] memo;
    private final BitSet eligible;
    private final IntPredicate lcaAllowed;
    /** Per domain, the usable hosts the search may take (those of {@code eligible} when given). */
    private final int[] reach;

    /** A DP table: rows = leaves used (one row when untracked), columns k = 0..cap. */
    private static final class Table {
        final int rows;
        final int cap;
        final long[] v;
        final boolean[] ok;
        /** Per merged part: choice[part][row * (cap + 1) + k] = (kPart << 16) | rowPart. */
        final List<int[]> choice = new ArrayList<>();
        final List<Object> parts = new ArrayList<>();

        Table(int rows, int cap, int vlen) {
            this.rows = rows;
            this.cap = cap;
            this.v = new long[rows * (cap + 1) * vlen];
            this.ok = new boolean[rows * (cap + 1)];
        }
    }

    /** Hosts directly in a domain, cheapest first (required ones first). */
    private record HostGroup(int[] order) {
    }

    /**
     * @param leafLimit {@code --switches} limit, or 0 for none
     */
    TreeSearch(FabricDomains dom, Candidates cand, int nodes, int leafLimit) {
        this(dom, cand, nodes, leafLimit, null, d -> true);
    }

    /**
     * @param leafLimit  {@code --switches} limit, or 0 for none
     * @param eligible   the only hosts the search may take; {@code null} for every usable host
     * @param lcaAllowed which domains may hold the whole job as its lowest common domain
     */
    TreeSearch(FabricDomains dom, Candidates cand, int nodes, int leafLimit, BitSet eligible, IntPredicate lcaAllowed) {
        this.dom = dom;
        this.eligible = eligible;
        this.lcaAllowed = lcaAllowed;
        if (eligible == null) {
            this.reach = cand.usable;
        } else {
            this.reach = new int[dom.all().size()];
            for (FabricDomains.Domain d : dom.all()) {
                int r = 0;
                for (int h : d.hosts()) {
                    if (cand.usable(h) && eligible.get(h)) {
                        r++;
                    }
                }
                reach[d.id()] = r;
            }
        }
        this.cand = cand;
        this.layout = new Layout(dom.maxTier());
        this.vlen = layout.length();
        this.n = nodes;
        this.rows = leafLimit > 0 ? leafLimit + 1 : 1;
        this.memo = new Table[dom.all().size()];
    }

    /** The result: chosen hosts and the cost vector; {@code null} when nothing fits. */
    record Result(int[] hosts, long[] cost) {
    }

    Result search() {
        if (n == 1) {
            return single();
        }
        List<long[]> bounds = new ArrayList<>();
        List<Integer> ids = new ArrayList<>();
        for (FabricDomains.Domain d : dom.all()) {
            if (reach[d.id()] >= n && cand.requiredIn[d.id()] == cand.requiredCount && lcaAllowed.test(d.id())) {
                long[] lb = lowerBound(d);
                if (lb != null) {
                    bounds.add(lb);
                    ids.add(d.id());
                }
            }
        }
        Integer[] order = new Integer[ids.size()];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparing(i -> bounds.get(i), Arrays::compare));
        long[] best = null;
        int bestDomain = -1;
        int bestRow = -1;
        for (int o : order) {
            if (best != null && Arrays.compare(bounds.get(o), best) > 0) {
                break;
            }
            FabricDomains.Domain d = dom.get(ids.get(o));
            Table t = solve(d.id());
            if (t.cap < n) {
                continue;
            }
            for (int r = 0; r < rows; r++) {
                int at = r * (t.cap + 1) + n;
                if (!t.ok[at]) {
                    continue;
                }
                long[] v = Arrays.copyOfRange(t.v, at * vlen, (at + 1) * vlen);
                v[0] = d.tier();
                addAncestors(v, d, n);
                if (best == null || Arrays.compare(v, best) < 0) {
                    best = v;
                    bestDomain = d.id();
                    bestRow = r;
                }
            }
        }
        if (best == null) {
            return null;
        }
        List<Integer> out = new ArrayList<>();
        collect(bestDomain, bestRow, n, out);
        return new Result(out.stream().mapToInt(Integer::intValue).sorted().toArray(), best);
    }

    /** One node: every usable host is a candidate (tier 0); its domains add their best-fit terms. */
    /**
     * The one-node answer from each domain's cheapest direct host: within a domain every host's vector has the
     * same domain terms, so only its cheapest node can win there, and the search visits domains, not hosts.
     * Ties go to the lowest host number, as a walk over the hosts in order gives them.
     */
    private Result single() {
        if (eligible != null || cand.requiredCount > 0) {
            return singleByHost();
        }
        long[] best = null;
        int bestHost = -1;
        for (FabricDomains.Domain d : dom.all()) {
            int h = cand.cheapestDirect[d.id()];
            if (h >= 0) {
                long[] v = singleVector(h);
                int c = best == null ? -1 : Arrays.compare(v, best);
                if (c < 0 || c == 0 && h < bestHost) {
                    best = v;
                    bestHost = h;
                }
            }
        }
        for (int h : cand.homeless) {
            if (takes(h)) {
                long[] v = singleVector(h);
                int c = best == null ? -1 : Arrays.compare(v, best);
                if (c < 0 || c == 0 && h < bestHost) {
                    best = v;
                    bestHost = h;
                }
            }
        }
        return best == null ? null : new Result(new int[] {bestHost}, best);
    }

    private long[] singleVector(int h) {
        long[] v = new long[vlen];
        System.arraycopy(cand.nodeCost[h], 0, v, layout.node(), Layout.NODE);
        int d = dom.domainOf(h);
        if (d >= 0) {
            FabricDomains.Domain leaf = dom.get(d);
            own(v, leaf, 1);
            addAncestors(v, leaf, 1);
        }
        return v;
    }

    /** The one-node answer host by host: with hard limits or required hosts. */
    private Result singleByHost() {
        long[] best = null;
        int bestHost = -1;
        for (int h = 0; h < cand.choice.length; h++) {
            if (!takes(h) || (cand.requiredCount > 0 && !cand.required[h])) {
                continue;
            }
            long[] v = new long[vlen];
            System.arraycopy(cand.nodeCost[h], 0, v, layout.node(), Layout.NODE);
            int d = dom.domainOf(h);
            if (d >= 0) {
                FabricDomains.Domain leaf = dom.get(d);
                own(v, leaf, 1);
                addAncestors(v, leaf, 1);
            }
            if (best == null || Arrays.compare(v, best) < 0) {
                best = v;
                bestHost = h;
            }
        }
        return best == null ? null : new Result(new int[] {bestHost}, best);
    }

    /** Lower bound of a candidate's vector; {@code null} when it can never satisfy the leaf limit. */
    private long[] lowerBound(FabricDomains.Domain d) {
        long[] lb = new long[vlen];
        lb[0] = d.tier();
        lb[layout.count(d.tier())] = 1;
        for (int a = d.parent(); a >= 0; a = dom.get(a).parent()) {
            lb[layout.count(dom.get(a).tier())]++;
        }
        int childTier = d.tier() - 1;
        boolean regular = childTier >= 1 && d.direct().length == 0;
        for (int c : d.children()) {
            regular &= dom.get(c).tier() == childTier;
        }
        int from = layout.count(d.tier()) + 1;
        boolean exact = d.tier() == 1;
        if (regular) {
            int m = fewestChildren(d);
            if (rows > 1 && childTier == 1 && m > rows - 1) {
                return null;
            }
            lb[layout.count(childTier)] = m;
            from = layout.count(childTier) + 1;
            exact = childTier == 1;
        }
        if (exact) {
            // every count is exact (a leaf, or a domain of leaves), so are the chain's best-fit terms
            for (int a = d.id(); a >= 0; a = dom.get(a).parent()) {
                FabricDomains.Domain x = dom.get(a);
                if (cand.idle[a] && n < x.hosts().length) {
                    lb[layout.broken(x.tier())]++;
                }
                lb[layout.left(x.tier())] += cand.usable[a] - n;
            }
            from = d.tier() == 1 ? layout.node() : layout.left(d.tier()) + 1;
        }
        for (int i = from; i < vlen; i++) {
            lb[i] = Long.MIN_VALUE / 4;
        }
        return lb;
    }

    /** The fewest children holding n usable hosts, counting every child that holds a required host. */
    private int fewestChildren(FabricDomains.Domain d) {
        int need = n;
        int m = 0;
        List<Integer> others = new ArrayList<>();
        for (int c : d.children()) {
            if (cand.requiredIn[c] > 0) {
                need -= reach[c];
                m++;
            } else {
                others.add(reach[c]);
            }
        }
        others.sort(Comparator.reverseOrder());
        for (int i = 0; i < others.size() && need > 0; i++) {
            need -= others.get(i);
            m++;
        }
        return m;
    }

    /** The domain's own terms for taking k of its hosts: touched, broken if wholly idle, hosts left. */
    private void own(long[] v, FabricDomains.Domain d, int k) {
        addOwn(v, 0, d, k);
    }

    private void addOwn(long[] v, int base, FabricDomains.Domain d, int k) {
        if (k == 0) {
            return;
        }
        v[base + layout.count(d.tier())]++;
        if (cand.idle[d.id()] && k < d.hosts().length) {
            v[base + layout.broken(d.tier())]++;
        }
        v[base + layout.left(d.tier())] += cand.usable[d.id()] - k;
    }

    private void addAncestors(long[] v, FabricDomains.Domain d, int k) {
        for (int a = d.parent(); a >= 0; a = dom.get(a).parent()) {
            own(v, dom.get(a), k);
        }
    }

    private Table solve(int id) {
        if (memo[id] != null) {
            return memo[id];
        }
        FabricDomains.Domain d = dom.get(id);
        int cap = Math.min(n, reach[id]);
        Table t = new Table(rows, 0, vlen);
        t.ok[0] = true;
        int[] rel = relevant(d.tier());
        for (int c : d.children()) {
            if (reach[c] == 0) {
                continue;
            }
            t = merge(t, solve(c), c, cap, rel);
        }
        int[] direct = Arrays.stream(d.direct()).filter(this::takes).toArray();
        if (direct.length > 0) {
            t = merge(t, hostTable(direct), hostGroup(direct), cap, rel);
        }
        applyOwn(t, d);
        memo[id] = t;
        return t;
    }

    /** Whether the search may take host {@code h}. */
    private boolean takes(int h) {
        return cand.usable(h) && (eligible == null || eligible.get(h));
    }

    private HostGroup hostGroup(int[] hosts) {
        Integer[] sorted = Arrays.stream(hosts).boxed().toArray(Integer[]::new);
        Arrays.sort(sorted, (a, b) -> {
            if (cand.required[a] != cand.required[b]) {
                return cand.required[a] ? -1 : 1;
            }
            int c = Arrays.compare(cand.nodeCost[a], cand.nodeCost[b]);
            return c != 0 ? c : Integer.compare(a, b);
        });
        return new HostGroup(Arrays.stream(sorted).mapToInt(Integer::intValue).toArray());
    }

    private Table hostTable(int[] hosts) {
        HostGroup g = hostGroup(hosts);
        int cap = Math.min(n, hosts.length);
        Table t = new Table(rows, cap, vlen);
        int req = 0;
        for (int h : g.order()) {
            req += cand.required[h] ? 1 : 0;
        }
        long[] sum = new long[vlen];
        for (int k = 0; k <= cap; k++) {
            if (k > 0) {
                long[] c = cand.nodeCost[g.order()[k - 1]];
                for (int i = 0; i < Layout.NODE; i++) {
                    sum[layout.node() + i] += c[i];
                }
            }
            if (k >= req) {
                t.ok[k] = true;
                System.arraycopy(sum, 0, t.v, k * vlen, vlen);
            }
        }
        return t;
    }

    /**
     * The vector entries the parts below a tier-{@code tier} domain can fill: those of lower tiers and of
     * nodes (the rest stay 0 until the domain and its ancestors add theirs), in vector order.
     */
    private int[] relevant(int tier) {
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < vlen; i++) {
            boolean lower = false;
            for (int t = 1; t < tier; t++) {
                lower |= i == layout.count(t) || i == layout.broken(t) || i == layout.left(t);
            }
            if (lower || i >= layout.node()) {
                idx.add(i);
            }
        }
        return idx.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Knapsack step: every split of k between what is merged so far and the next part. */
    private Table merge(Table a, Table b, Object part, int capLimit, int[] rel) {
        int cap = Math.min(capLimit, a.cap + b.cap);
        Table c = new Table(rows, cap, vlen);
        c.choice.addAll(a.choice);
        c.parts.addAll(a.parts);
        int[] choice = new int[rows * (cap + 1)];
        long[] av = a.v;
        long[] bv = b.v;
        long[] cv = c.v;
        for (int ra = 0; ra < rows; ra++) {
            for (int ka = 0; ka <= a.cap; ka++) {
                int ia = ra * (a.cap + 1) + ka;
                if (!a.ok[ia]) {
                    continue;
                }
                int abase = ia * vlen;
                for (int rb = 0; ra + rb < rows; rb++) {
                    for (int kb = 0; kb <= b.cap && ka + kb <= cap; kb++) {
                        int ib = rb * (b.cap + 1) + kb;
                        if (!b.ok[ib]) {
                            continue;
                        }
                        int bbase = ib * vlen;
                        int ic = (ra + rb) * (cap + 1) + ka + kb;
                        int cbase = ic * vlen;
                        boolean take = !c.ok[ic];
                        if (!take) {
                            for (int i : rel) {
                                long s = av[abase + i] + bv[bbase + i];
                                long x = cv[cbase + i];
                                if (s != x) {
                                    take = s < x;
                                    break;
                                }
                            }
                        }
                        if (take) {
                            for (int i : rel) {
                                cv[cbase + i] = av[abase + i] + bv[bbase + i];
                            }
                            c.ok[ic] = true;
                            choice[ic] = (kb << 16) | rb;
                        }
                    }
                }
            }
        }
        c.choice.add(choice);
        c.parts.add(part);
        return c;
    }

    /** Adds the domain's own terms to every k > 0 and, for a leaf with a leaf limit, moves row r to r + 1. */
    private void applyOwn(Table t, FabricDomains.Domain d) {
        boolean shift = rows > 1 && d.tier() == 1;
        for (int r = rows - 1; r >= 0; r--) {
            for (int k = 1; k <= t.cap; k++) {
                int from = r * (t.cap + 1) + k;
                if (!t.ok[from]) {
                    continue;
                }
                addOwn(t.v, from * vlen, d, k);
                if (shift) {
                    t.ok[from] = false;
                    if (r + 1 < rows) {
                        int to = from + t.cap + 1;
                        System.arraycopy(t.v, from * vlen, t.v, to * vlen, vlen);
                        t.ok[to] = true;
                        // the part choices stay at the unshifted row; collect() shifts back
                    }
                }
            }
        }
    }

    private void collect(int id, int row, int k, List<Integer> out) {
        FabricDomains.Domain d = dom.get(id);
        collect(memo[id], d.tier() == 1 && rows > 1 && k > 0 ? row - 1 : row, k, out);
    }

    private void collect(Table t, int row, int k, List<Integer> out) {
        for (int p = t.parts.size() - 1; p >= 0 && k > 0; p--) {
            int[] choice = t.choice.get(p);
            int cap = capOf(t, p);
            int packed = choice[row * (cap + 1) + k];
            int kb = packed >>> 16;
            int rb = packed & 0xffff;
            Object part = t.parts.get(p);
            if (kb > 0) {
                if (part instanceof HostGroup g) {
                    for (int i = 0; i < kb; i++) {
                        out.add(g.order()[i]);
                    }
                } else {
                    collect((Integer) part, rb, kb, out);
                }
            }
            row -= rb;
            k -= kb;
        }
    }

    /** The column count of the table right after part {@code p} was merged. */
    private static int capOf(Table t, int p) {
        return t.choice.get(p).length / t.rows - 1;
    }
}
