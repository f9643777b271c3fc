package org.topoplanner.allocator.kueue;

import java.util.Arrays;
import java.util.Set;

/**
 * How many pods of one size fit each domain of a {@link TasTree}, level by level: a lowest-level domain's
 * count from its free capacity ({@link LeafCapacity#count}), every other domain's the sum of its children
 * (Kueue's {@code fillInCounts} before slices). Kept with a cluster state for every-node jobs and updated
 * from an earlier state's table for the lowest-level domains of the hosts whose jobs changed, so a
 * suggestion reads the counts instead of counting every node of the cluster again.
 */
final class LevelCounts {
    /** Pods per domain: by level, then by the domain's position in its level. */
    private final int[][] pods;
    /** Per lowest-level domain: the resource that leaves no room for one pod ({@code null} when one fits). */
    private final String[] limitedBy;

    private LevelCounts(int[][] pods, String[] limitedBy) {
        this.pods = pods;
        this.limitedBy = limitedBy;
    }

    /** The counts of {@code demand} over {@code tree}, its lowest-level domains holding {@code capacity}. */
    static LevelCounts of(TasTree tree, LeafCapacity[] capacity, LeafCapacity.Demand demand) {
        int last = tree.levels() - 1;
        int[][] pods = new int[tree.levels()][];
        for (int l = 0; l <= last; l++) {
            pods[l] = new int[tree.level(l).size()];
        }
        String[] limitedBy = new String[capacity.length];
        LevelCounts out = new LevelCounts(pods, limitedBy);
        for (int i = 0; i < capacity.length; i++) {
            out.setLeaf(tree, i, capacity[i].count(demand));
        }
        return out;
    }

    /**
     * This table after the jobs on {@code changedHosts} came or went: their lowest-level domains counted
     * again from {@code capacity} (the later state's) and the difference carried up to their ancestors.
     */
    LevelCounts recount(TasTree tree, LeafCapacity[] capacity, Set<String> changedHosts,
                        LeafCapacity.Demand demand) {
        int[][] copy = new int[pods.length][];
        for (int l = 0; l < pods.length; l++) {
            copy[l] = pods[l].clone();
        }
        LevelCounts out = new LevelCounts(copy, limitedBy.clone());
        for (int leaf : tree.leavesOf(changedHosts)) {
            out.setLeaf(tree, leaf, capacity[leaf].count(demand));
        }
        return out;
    }

    /** Sets a lowest-level domain's count and adds the difference to every domain above it. */
    private void setLeaf(TasTree tree, int leaf, LeafCapacity.Count count) {
        int last = pods.length - 1;
        int delta = count.pods() - pods[last][leaf];
        limitedBy[leaf] = count.pods() == 0 ? count.limitedBy() : null;
        int at = leaf;
        for (int l = last; l >= 0 && delta != 0; l--) {
            pods[l][at] += delta;
            at = tree.level(l).get(at).parent();
        }
    }

    /** Pods that fit the domain at {@code position} of {@code level}. */
    int pods(int level, int position) {
        return pods[level][position];
    }

    /** Why the lowest-level domain at {@code leaf} takes no pod: the limiting resource, else {@code null}. */
    String limitedBy(int leaf) {
        return limitedBy[leaf];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LevelCounts other && Arrays.deepEquals(pods, other.pods)
                && Arrays.equals(limitedBy, other.limitedBy);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(pods) * 31 + Arrays.hashCode(limitedBy);
    }

    @Override
    public String toString() {
        return Arrays.deepToString(pods);
    }
}
