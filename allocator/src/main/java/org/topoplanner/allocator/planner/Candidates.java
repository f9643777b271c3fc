package org.topoplanner.allocator.planner;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.FabricDomains;
import org.topoplanner.allocator.NodeShape;
import org.topoplanner.allocator.StateUsage;

/**
 * Which hosts can take a job's per-node demand now, each with its best {@link NodeChoice} and node
 * cost (the node part of the {@link Layout}), plus per-domain summaries: usable hosts, required hosts,
 * busy hosts (none: the domain is wholly idle), and the cheapest usable host directly in the domain.
 *
 * <p>Candidates for a later state are made from earlier ones ({@link #movedTo}) by asking again only the
 * hosts whose use or exclusion changed and moving the summaries of their domains by the difference: the
 * per-host arrays are copied, the node fit and the domain walks are not repeated for the other hosts. Idle
 * hosts of one shape and weight share one choice and one cost vector. Nothing here is changed once made.
 */
final class Candidates {
    final ClusterIndex index;
    final StateUsage usage;
    final NodeDemand demand;
    final NodeChoice[] choice;
    final long[][] nodeCost;
    final boolean[] required;
    final int requiredCount;
    final int[] usable;
    final int[] requiredIn;
    final boolean[] idle;
    final int usableHosts;
    /** Per domain, its usable direct host with the smallest node cost (lowest number among equals), or -1. */
    final int[] cheapestDirect;
    /** The hosts the job may not take (scheduler settings, {@code --exclude}) these were made for. */
    final BitSet excluded;
    /** Hosts no switch reaches (in no domain). */
    final int[] homeless;
    private final int[] busy;
    private final IdleChoices idleChoices;

    /** The choice and cost of an idle host per shape and weight: a pure function of the demand. */
    private static final class IdleChoices {
        private final Map<NodeShape, Object> choice = Collections.synchronizedMap(new IdentityHashMap<>());
        private final Map<NodeShape, Map<Long, long[]>> cost = Collections.synchronizedMap(new IdentityHashMap<>());
    }

    Candidates(ClusterIndex index, StateUsage usage, NodeDemand demand, BitSet excluded, BitSet requiredHosts) {
        this.index = index;
        this.usage = usage;
        this.demand = demand;
        this.excluded = excluded;
        this.idleChoices = new IdleChoices();
        int n = index.size();
        choice = new NodeChoice[n];
        nodeCost = new long[n][];
        required = new boolean[n];
        FabricDomains dom = index.domains();
        int domains = dom.all().size();
        usable = new int[domains];
        requiredIn = new int[domains];
        busy = new int[domains];
        idle = new boolean[domains];
        cheapestDirect = new int[domains];
        int count = 0;
        for (int h = 0; h < n; h++) {
            required[h] = requiredHosts.get(h);
            fill(h);
            boolean u = choice[h] != null;
            count += u ? 1 : 0;
            boolean b = !usage.idle(h);
            for (int d = dom.domainOf(h); d >= 0; d = dom.get(d).parent()) {
                usable[d] += u ? 1 : 0;
                busy[d] += b ? 1 : 0;
                requiredIn[d] += required[h] ? 1 : 0;
            }
        }
        usableHosts = count;
        requiredCount = requiredHosts.cardinality();
        homeless = IntStream.range(0, n).filter(h -> dom.domainOf(h) < 0).toArray();
        for (int d = 0; d < domains; d++) {
            idle[d] = busy[d] == 0;
            cheapestDirect[d] = cheapestDirect(dom.get(d));
        }
    }

    private Candidates(Candidates before, StateUsage usage, BitSet excluded, BitSet changed) {
        this.index = before.index;
        this.usage = usage;
        this.demand = before.demand;
        this.excluded = excluded;
        this.idleChoices = before.idleChoices;
        this.required = before.required;
        this.requiredCount = before.requiredCount;
        this.requiredIn = before.requiredIn;
        this.homeless = before.homeless;
        choice = before.choice.clone();
        nodeCost = before.nodeCost.clone();
        usable = before.usable.clone();
        busy = before.busy.clone();
        cheapestDirect = before.cheapestDirect.clone();
        FabricDomains dom = index.domains();
        int count = before.usableHosts;
        BitSet homes = new BitSet();
        for (int h = changed.nextSetBit(0); h >= 0; h = changed.nextSetBit(h + 1)) {
            int u0 = choice[h] != null ? 1 : 0;
            int b0 = before.usage.idle(h) ? 0 : 1;
            choice[h] = null;
            nodeCost[h] = null;
            fill(h);
            int du = (choice[h] != null ? 1 : 0) - u0;
            int db = (usage.idle(h) ? 0 : 1) - b0;
            count += du;
            int home = dom.domainOf(h);
            if (home >= 0) {
                homes.set(home);
            }
            for (int d = home; d >= 0 && (du != 0 || db != 0); d = dom.get(d).parent()) {
                usable[d] += du;
                busy[d] += db;
            }
        }
        usableHosts = count;
        idle = new boolean[busy.length];
        for (int d = 0; d < busy.length; d++) {
            idle[d] = busy[d] == 0;
        }
        for (int d = homes.nextSetBit(0); d >= 0; d = homes.nextSetBit(d + 1)) {
            cheapestDirect[d] = cheapestDirect(dom.get(d));
        }
    }

    /**
     * These candidates on {@code later}, a usage of the same index, with {@code laterExcluded} hosts left out
     * (the required hosts stay these): equal to candidates made afresh there.
     */
    Candidates movedTo(StateUsage later, BitSet laterExcluded) {
        BitSet changed = later.changedSince(usage);
        BitSet flipped = (BitSet) excluded.clone();
        flipped.xor(laterExcluded);
        changed.or(flipped);
        return changed.isEmpty() && later == usage ? this : new Candidates(this, later, laterExcluded, changed);
    }

    /** Sets host {@code h}'s choice and node cost, or leaves them {@code null} when it cannot take the demand. */
    private void fill(int h) {
        if (excluded.get(h) || usage.heldWhole(h)) {
            return;
        }
        NodeShape shape = index.shape(h);
        boolean idleHost = usage.idle(h);
        if (demand.exclusive() && !idleHost) {
            return;
        }
        long allMask = shape.gpuPositions();
        long free = allMask & ~usage.usedGpuPositions(h);
        if (Long.bitCount(free) < demand.gpus()) {
            return;
        }
        if (idleHost) {
            Object hit = idleChoices.choice.computeIfAbsent(shape, s -> {
                BitSet all = new BitSet();
                all.set(0, s.cores());
                NodeChoice x = NodeFit.chooseBinding(s, allMask, all, demand, demand.gpus());
                return x == null ? Boolean.FALSE : x;
            });
            if (hit == Boolean.FALSE) {
                return;
            }
            NodeChoice c = (NodeChoice) hit;
            choice[h] = c;
            nodeCost[h] = idleChoices.cost.computeIfAbsent(shape, s -> new ConcurrentHashMap<>())
                    .computeIfAbsent(index.weight(h), w -> nodeCost(shape, allMask, 0, true, c, w));
            return;
        }
        BitSet freeCores = new BitSet();
        freeCores.set(0, shape.cores());
        freeCores.andNot(usage.usedCores(h));
        NodeChoice c = NodeFit.chooseBinding(shape, free, freeCores, demand, demand.gpus());
        if (c != null) {
            choice[h] = c;
            nodeCost[h] = nodeCost(shape, free, usage.usedCores(h).cardinality(), false, c, index.weight(h));
        }
    }

    private int cheapestDirect(FabricDomains.Domain d) {
        int best = -1;
        for (int h : d.direct()) {
            if (choice[h] == null) {
                continue;
            }
            int c = best < 0 ? -1 : Arrays.compare(nodeCost[h], nodeCost[best]);
            if (c < 0 || c == 0 && h < best) {
                best = h;
            }
        }
        return best;
    }

    /** The node part of the cost: broken idle node, GPUs (or cores) left, weight, quality. */
    static long[] nodeCost(NodeShape shape, long freeBefore, int usedCores, boolean idleHost, NodeChoice c,
                           long weight) {
        long[] v = new long[Layout.NODE];
        long left = shape.gpus() > 0 ? Long.bitCount(freeBefore & ~c.gpus())
                : shape.cores() - usedCores - c.cores().cardinality();
        v[0] = idleHost && left > 0 ? 1 : 0;
        v[1] = left;
        v[2] = weight;
        System.arraycopy(c.quality(), 0, v, 3, NodeFit.QUALITY);
        return v;
    }

    boolean usable(int h) {
        return choice[h] != null;
    }
}
