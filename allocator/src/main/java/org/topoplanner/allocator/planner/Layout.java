package org.topoplanner.allocator.planner;

/**
 * Where each part of the planner's objective sits in a cost vector (compared lexicographically,
 * smaller first), for a fabric whose highest domain tier is {@code maxTier} (H):
 *
 * <pre>
 * [0]                       highest tier the job spans (0: one node)
 * [1 .. H]                  domains touched at tier H, H-1, ..., 1 (fewest spines, then fewest leaves)
 * [H+1 .. 3H]               per tier H..1: wholly idle domains the job breaks, then usable hosts it leaves
 *                           in the domains it touches (best fit)
 * [3H+1], [3H+2]            wholly idle nodes broken; free GPUs (CPU-only nodes: cores) left on its nodes
 * [3H+3]                    summed node weight
 * [3H+4 ..]                 summed {@link NodeFit} quality of every node
 * </pre>
 */
record Layout(int maxTier) {
    static final int NODE = 3 + NodeFit.QUALITY;

    int length() {
        return 1 + 3 * maxTier + NODE;
    }

    int count(int tier) {
        return 1 + (maxTier - tier);
    }

    int broken(int tier) {
        return 1 + maxTier + 2 * (maxTier - tier);
    }

    int left(int tier) {
        return broken(tier) + 1;
    }

    /** Start of the node part: broken nodes, GPUs left, weight, quality. */
    int node() {
        return 1 + 3 * maxTier;
    }
}
