package org.topoplanner.allocator.volcano;

/**
 * A Volcano Job's {@code spec.networkTopology}.
 *
 * @param hard               {@code mode: hard} (stay inside one HyperNode up to the tier, else pend);
 *                           false is {@code soft} (best effort, scored)
 * @param highestTierAllowed the highest HyperNode tier the job may span; {@code null} means no limit
 */
public record NetworkTopology(boolean hard, Integer highestTierAllowed) {
    public static NetworkTopology hard(int tier) {
        return new NetworkTopology(true, tier);
    }

    public static NetworkTopology soft() {
        return new NetworkTopology(false, null);
    }
}
