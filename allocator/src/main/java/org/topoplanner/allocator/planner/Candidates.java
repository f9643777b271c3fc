package org.topoplanner.allocator.planner;

import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.Map;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.FabricDomains;
import org.topoplanner.allocator.NodeShape;
import org.topoplanner.allocator.StateUsage;

/**
 * Which hosts can take a job's per-node demand now, each with its best {@link NodeChoice} and node
 * cost (the node part of the {@link Layout}), plus per-domain counts: usable hosts, required hosts,
 * and whether the domain is wholly idle.
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

    Candidates(ClusterIndex index, StateUsage usage, NodeDemand demand, BitSet excluded, BitSet requiredHosts) {
        this.index = index;
        this.usage = usage;
        this.demand = demand;
        int n = index.size();
        choice = new NodeChoice[n];
        nodeCost = new long[n][];
        required = new boolean[n];
        Map<NodeShape, Object> idleChoice = new IdentityHashMap<>();
        int count = 0;
        for (int h = 0; h < n; h++) {
            required[h] = requiredHosts.get(h);
            if (excluded.get(h) || usage.heldWhole(h)) {
                continue;
            }
            NodeShape shape = index.shape(h);
            boolean idleHost = usage.idle(h);
            if (demand.exclusive() && !idleHost) {
                continue;
            }
            long allMask = shape.gpus() >= 64 ? -1L : (1L << shape.gpus()) - 1;
            long free = allMask & ~usage.usedGpuPositions(h);
            if (Long.bitCount(free) < demand.gpus()) {
                continue;
            }
            NodeChoice c;
            if (idleHost) {
                Object hit = idleChoice.computeIfAbsent(shape, s -> {
                    BitSet all = new BitSet();
                    all.set(0, s.cores());
                    NodeChoice x = NodeFit.choose(s, allMask, all, demand, demand.gpus());
                    if (x == null && demand.enforceBinding()) {
                        x = NodeFit.choose(s, allMask, all, demand.loosened(), demand.gpus());
                    }
                    return x == null ? Boolean.FALSE : x;
                });
                c = hit == Boolean.FALSE ? null : (NodeChoice) hit;
            } else {
                BitSet freeCores = new BitSet();
                freeCores.set(0, shape.cores());
                freeCores.andNot(usage.usedCores(h));
                c = NodeFit.choose(shape, free, freeCores, demand, demand.gpus());
                if (c == null && demand.enforceBinding()) {
                    c = NodeFit.choose(shape, free, freeCores, demand.loosened(), demand.gpus());
                }
            }
            if (c == null) {
                continue;
            }
            choice[h] = c;
            nodeCost[h] = nodeCost(shape, free, usage.usedCores(h).cardinality(), idleHost, c, index.weight(h));
            count++;
        }
        usableHosts = count;
        requiredCount = requiredHosts.cardinality();
        FabricDomains dom = index.domains();
        usable = new int[dom.all().size()];
        requiredIn = new int[dom.all().size()];
        idle = new boolean[dom.all().size()];
        for (FabricDomains.Domain d : dom.all()) {
            boolean allIdle = true;
            int u = 0;
            int r = 0;
            for (int h : d.hosts()) {
                if (choice[h] != null) {
                    u++;
                }
                if (required[h]) {
                    r++;
                }
                allIdle &= usage.idle(h);
            }
            usable[d.id()] = u;
            requiredIn[d.id()] = r;
            idle[d.id()] = allIdle;
        }
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
