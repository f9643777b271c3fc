package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.topoplanner.allocator.catalog.Honours;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.kueue.TopologyLevels;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.TopologyConstraints;

/**
 * The {@link TierLimit} a placement is checked against under one policy, as the policy declares
 * ({@link Honours#volcanoTier()}, {@link Honours#kueueLevel()}): Volcano's {@code highestTierAllowed}
 * for {@code volcano}, Kueue's required or preferred level for {@code kueue-tas}, and the hard ones of
 * both for {@code planner}, which honours them. Other policies know no tier limit. When several apply, a
 * hard limit beats a soft one and the lower tier wins.
 */
public final class SchedulerTierLimit {
    private SchedulerTierLimit() {
    }

    public static Optional<TierLimit> of(Cluster cluster, PolicyChoice choice) {
        Honours honours = choice.honours();
        TopologyConstraints t = choice.topology();
        List<TierLimit> limits = new ArrayList<>();
        if (t.volcanoHighestTier() != null && honours.volcanoTier().contains(t.volcanoMode())) {
            limits.add(new TierLimit(t.volcanoHighestTier(), t.volcanoHard(), "Volcano highestTierAllowed="
                    + t.volcanoHighestTier() + (t.volcanoHard() ? "" : " (mode soft)")));
        }
        if (t.kueueMode() != null && honours.kueueLevel().contains(t.kueueMode())) {
            boolean hard = t.kueueMode() == KueueMode.REQUIRED;
            TopologyLevels.of(cluster).switchTier(t.kueueLevel()).ifPresent(tier -> limits.add(new TierLimit(tier, hard,
                    "Kueue podset-" + t.kueueMode().word() + "-topology=" + t.kueueLevel())));
        }
        return limits.stream().min(Comparator.comparing((TierLimit l) -> !l.hard()).thenComparing(TierLimit::highestTier));
    }
}
