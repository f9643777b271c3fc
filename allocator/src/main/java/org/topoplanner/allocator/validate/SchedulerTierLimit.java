package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.topoplanner.allocator.TopologyConstraints;
import org.topoplanner.allocator.kueue.TopologyLevels;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.k8s.TasRequest;

/**
 * The {@link TierLimit} a placement is checked against under one policy: Volcano's
 * {@code highestTierAllowed} for {@code volcano}, Kueue's required or preferred level for
 * {@code kueue-tas}, and the hard ones of both for {@code planner}, which honours them. Other policies
 * know no tier limit. When several apply, a hard limit beats a soft one and the lower tier wins.
 */
public final class SchedulerTierLimit {
    private SchedulerTierLimit() {
    }

    public static Optional<TierLimit> of(Cluster cluster, String policy, TopologyConstraints t) {
        List<TierLimit> limits = new ArrayList<>();
        boolean planner = "planner".equals(policy);
        if (("volcano".equals(policy) || planner) && t.volcanoHighestTier() != null && (t.volcanoHard() || !planner)) {
            limits.add(new TierLimit(t.volcanoHighestTier(), t.volcanoHard(), "Volcano highestTierAllowed="
                    + t.volcanoHighestTier() + (t.volcanoHard() ? "" : " (mode soft)")));
        }
        boolean kueueCounts = t.kueueMode() == TasRequest.Mode.REQUIRED
                || (t.kueueMode() == TasRequest.Mode.PREFERRED && !planner);
        if (("kueue-tas".equals(policy) || planner) && kueueCounts) {
            boolean hard = t.kueueMode() == TasRequest.Mode.REQUIRED;
            TopologyLevels.of(cluster).switchTier(t.kueueLevel()).ifPresent(tier -> limits.add(new TierLimit(tier, hard,
                    "Kueue podset-" + (hard ? "required" : "preferred") + "-topology=" + t.kueueLevel())));
        }
        return limits.stream().min(Comparator.comparing((TierLimit l) -> !l.hard()).thenComparing(TierLimit::highestTier));
    }
}
