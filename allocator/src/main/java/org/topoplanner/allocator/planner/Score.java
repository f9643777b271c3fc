package org.topoplanner.allocator.planner;

import java.util.Arrays;

/**
 * The planner's objective for one placement: a vector compared lexicographically, smaller first
 * (see {@link Layout} for the order). Two placements of the same job on the same state compare by
 * locality first (tier, then domains touched from the top), then fragmentation, node weight and
 * the per-node GPU quality of {@link NodeFit}.
 */
public final class Score implements Comparable<Score> {
    private final Layout layout;
    private final long[] vector;

    Score(Layout layout, long[] vector) {
        this.layout = layout;
        this.vector = vector.clone();
    }

    /** The highest tier the job spans: 0 for one node, 1 for one leaf. */
    public int tier() {
        return (int) vector[0];
    }

    /** Domains of {@code tier} the job touches (tier 1: leaves). */
    public long domains(int tier) {
        return tier < 1 || tier > layout.maxTier() ? 0 : vector[layout.count(tier)];
    }

    /** Wholly idle domains of {@code tier} the job leaves partly used. */
    public long brokenDomains(int tier) {
        return tier < 1 || tier > layout.maxTier() ? 0 : vector[layout.broken(tier)];
    }

    /** Usable hosts left in the domains of {@code tier} the job touches (best fit: fewer is better). */
    public long hostsLeft(int tier) {
        return tier < 1 || tier > layout.maxTier() ? 0 : vector[layout.left(tier)];
    }

    /** Idle nodes the job leaves partly used. */
    public long brokenNodes() {
        return vector[layout.node()];
    }

    /** GPUs (cores on GPU-less nodes) left free on the job's nodes. */
    public long gpusLeft() {
        return vector[layout.node() + 1];
    }

    public long weight() {
        return vector[layout.node() + 2];
    }

    /** Summed {@link NodeFit} quality of the job's nodes, {@link NodeFit#QUALITY} entries. */
    public long[] quality() {
        return Arrays.copyOfRange(vector, layout.node() + 3, vector.length);
    }

    public long[] vector() {
        return vector.clone();
    }

    @Override
    public int compareTo(Score o) {
        return Arrays.compare(vector, o.vector);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Score s && Arrays.equals(vector, s.vector);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(vector);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("tier ").append(tier()).append(", domains");
        for (int t = layout.maxTier(); t >= 1; t--) {
            sb.append(' ').append('t').append(t).append('=').append(domains(t));
        }
        sb.append(", broken");
        for (int t = layout.maxTier(); t >= 1; t--) {
            sb.append(' ').append('t').append(t).append('=').append(brokenDomains(t));
        }
        sb.append(" nodes=").append(brokenNodes()).append(", left");
        for (int t = layout.maxTier(); t >= 1; t--) {
            sb.append(' ').append('t').append(t).append('=').append(hostsLeft(t));
        }
        return sb.append(" gpus=").append(gpusLeft()).append(", weight ").append(weight()).append(", quality ")
                .append(Arrays.toString(quality())).toString();
    }
}
