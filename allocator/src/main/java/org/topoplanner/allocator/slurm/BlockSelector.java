package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Node choice on {@code topology/block} as Slurm 24.11.5 makes it (measured on {@code cases/block32};
 * the code is {@code src/plugins/topology/block/eval_nodes_block.c}):
 *
 * <ul>
 * <li>A job of N nodes needs {@code k = ceil(N / base)} base blocks; the level is the smallest
 * configured {@code BlockSizes} level with {@code 2^level >= k}; the job must fit one aligned
 * block of that level, or it waits (no fallback to a bigger level).</li>
 * <li>Among blocks of that level whose {@code k} fullest base blocks hold N free nodes: lowest node
 * weight, then the fewest free nodes (best fit), ties to the last block.</li>
 * <li>Inside: base blocks one by one; one that fits the rest with the fewest free nodes, else the
 * one with the most free nodes; ties to the last; nodes in index order.</li>
 * <li>{@code --segment=S}: each segment of S nodes is placed on its own as above.</li>
 * </ul>
 */
final class BlockSelector implements NodeChooser {
    private final List<SlurmNode> nodes;
    private final List<BitSet> bases;
    private final int baseSize;
    private final List<Integer> levels;
    private final BitSet blocked;

    BlockSelector(List<SlurmNode> nodes, List<BitSet> bases, List<Integer> blockSizes, BitSet blocked) {
        this.nodes = nodes;
        this.bases = bases;
        this.baseSize = blockSizes.isEmpty() ? (bases.isEmpty() ? 1 : bases.get(0).cardinality()) : blockSizes.get(0);
        this.levels = new ArrayList<>();
        for (int size : blockSizes.isEmpty() ? List.of(baseSize) : blockSizes) {
            int ratio = size / baseSize;
            if (ratio > 0 && Integer.bitCount(ratio) == 1) {
                levels.add(Integer.numberOfTrailingZeros(ratio));
            }
        }
        this.blocked = blocked;
    }

    /** Why a request can never be placed here ({@code null} when it can be). */
    String impossible(SlurmJobSpec job) {
        int n = job.minNodes();
        if (job.segment() != null) {
            int s = job.segment();
            if (s < 1 || n % s != 0 || s > baseSize) {
                return "Requested topology configuration is not available";
            }
            return null;
        }
        return level(n) < 0 ? "Requested topology configuration is not available" : null;
    }

    private int level(int n) {
        int k = (n + baseSize - 1) / baseSize;
        for (int lv : levels) {
            if ((1 << lv) >= k) {
                return lv;
            }
        }
        return -1;
    }

    @Override
    public NodePick select(BitSet nodeMap, BitSet required, SlurmJobSpec job, Demand demand, int minCpus) {
        BitSet chosen = choose(nodeMap, required, job, demand);
        return chosen == null ? null : NodePick.unordered(chosen, nodes.size());
    }

    private BitSet choose(BitSet nodeMap, BitSet required, SlurmJobSpec job, Demand demand) {
        BitSet usable = new BitSet();
        for (int i = nodeMap.nextSetBit(0); i >= 0; i = nodeMap.nextSetBit(i + 1)) {
            if (!blocked.get(i) && demand.availCpus(i) > 0) {
                usable.set(i);
            }
        }
        int n = job.minNodes();
        BitSet chosen = new BitSet();
        if (!required.isEmpty()) {
            // -w: the named nodes are the allocation (they must all be usable); more only if -N asks more
            BitSet missing = (BitSet) required.clone();
            missing.andNot(usable);
            if (!missing.isEmpty()) {
                return null;
            }
            chosen.or(required);
            usable.andNot(required);
            n -= required.cardinality();
            if (n <= 0) {
                return chosen;
            }
        }
        int seg = job.segment() == null ? n : job.segment();
        for (int placed = 0; placed < n; placed += seg) {
            BitSet part = place(seg, usable, demand);
            if (part == null) {
                return null;
            }
            chosen.or(part);
            usable.andNot(part);
        }
        return chosen;
    }

    private BitSet place(int n, BitSet usable, Demand demand) {
        int lv = level(n);
        if (lv < 0) {
            return null;
        }
        int width = 1 << lv;
        int k = (n + baseSize - 1) / baseSize;
        int best = -1;
        long bestWeight = Long.MAX_VALUE;
        int bestFree = Integer.MAX_VALUE;
        for (int start = 0; start + width <= bases.size(); start += width) {
            List<Integer> frees = new ArrayList<>();
            int total = 0;
            long weight = Long.MAX_VALUE;
            for (int b = start; b < start + width; b++) {
                BitSet f = (BitSet) bases.get(b).clone();
                f.and(usable);
                frees.add(f.cardinality());
                total += f.cardinality();
                for (int i = f.nextSetBit(0); i >= 0; i = f.nextSetBit(i + 1)) {
                    weight = Math.min(weight, demand.weight(i));
                }
            }
            frees.sort((a, b) -> b - a);
            int fullest = frees.stream().limit(k).mapToInt(Integer::intValue).sum();
            if (fullest < n) {
                continue;
            }
            if (best == -1 || weight < bestWeight || (weight == bestWeight && total <= bestFree)) {
                best = start;
                bestWeight = weight;
                bestFree = total;
            }
        }
        if (best == -1) {
            return null;
        }
        BitSet out = new BitSet();
        List<Integer> left = new ArrayList<>();
        for (int b = best; b < best + width; b++) {
            left.add(b);
        }
        int rem = n;
        while (rem > 0 && !left.isEmpty()) {
            int pick = -1;
            int pickFree = 0;
            boolean pickFits = false;
            for (int b : left) {
                BitSet f = (BitSet) bases.get(b).clone();
                f.and(usable);
                int free = f.cardinality();
                if (free == 0) {
                    continue;
                }
                boolean fits = free >= rem;
                if (pick == -1 || (fits && !pickFits) || (fits && free <= pickFree)
                        || (!fits && !pickFits && free >= pickFree)) {
                    pick = b;
                    pickFree = free;
                    pickFits = fits;
                }
            }
            if (pick == -1) {
                return null;
            }
            left.remove(Integer.valueOf(pick));
            BitSet f = (BitSet) bases.get(pick).clone();
            f.and(usable);
            for (int i = f.nextSetBit(0); i >= 0 && rem > 0; i = f.nextSetBit(i + 1)) {
                out.set(i);
                rem--;
            }
        }
        return rem > 0 ? null : out;
    }
}
