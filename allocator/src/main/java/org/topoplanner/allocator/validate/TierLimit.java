package org.topoplanner.allocator.validate;

import java.util.Objects;

/**
 * The highest fabric tier a job may span, from the scheduler that would run it: Volcano's
 * {@code networkTopology.highestTierAllowed} (HyperNode tiers, 1 = the HyperNodes that hold hosts, which
 * are leaves when the HyperNodes follow the fabric) or a Kueue {@code required} topology level mapped to
 * the switch tier of its domains by the caller. The job's span is the tier of the lowest switch above all
 * its hosts ({@link org.topoplanner.allocator.metrics.FabricSpan#highestTier()}).
 *
 * @param highestTier the highest switch tier allowed, at least 1
 * @param hard        true when going above is refused (Volcano {@code mode: hard}, Kueue {@code required});
 *                    false when it is a preference ({@code mode: soft}, Kueue {@code preferred})
 * @param origin      the setting in the user's words, used in sentences
 *                    ({@code Volcano highestTierAllowed=1})
 */
public record TierLimit(int highestTier, boolean hard, String origin) {
    public TierLimit {
        Objects.requireNonNull(origin, "origin");
        if (highestTier < 1) {
            throw new IllegalArgumentException("the allowed tier must be at least 1, not " + highestTier);
        }
    }
}
