package org.topoplanner.allocator.validate;

import java.util.List;
import java.util.Optional;

/**
 * Inputs to validation beyond the cluster state, the request and the placement.
 *
 * @param tierLimit  the allowed tier, when the scheduler has one; {@code null} otherwise
 * @param admissions Topology Manager answers per host (Kubernetes policies); empty for Slurm
 */
public record ValidationOptions(TierLimit tierLimit, List<TopologyAdmission> admissions) {
    public static final ValidationOptions NONE = new ValidationOptions(null, List.of());

    public ValidationOptions {
        admissions = List.copyOf(admissions);
    }

    public Optional<TierLimit> tier() {
        return Optional.ofNullable(tierLimit);
    }

    public ValidationOptions withTierLimit(TierLimit limit) {
        return new ValidationOptions(limit, admissions);
    }

    public ValidationOptions withAdmissions(List<TopologyAdmission> list) {
        return new ValidationOptions(tierLimit, list);
    }
}
