package org.topoplanner.allocator.validate;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Inputs to validation beyond the cluster state, the request and the placement.
 *
 * @param tierLimit  the allowed tier, when the scheduler has one; {@code null} otherwise
 * @param admissions Topology Manager answers per host (Kubernetes policies); empty for Slurm
 * @param gang       how many of the job's pods must be placed for it to run ({@link GangRule#WHOLE}: all)
 */
public record ValidationOptions(TierLimit tierLimit, List<TopologyAdmission> admissions, GangRule gang) {
    public static final ValidationOptions NONE = new ValidationOptions(null, List.of(), GangRule.WHOLE);

    public ValidationOptions {
        admissions = List.copyOf(admissions);
        Objects.requireNonNull(gang, "gang");
    }

    public Optional<TierLimit> tier() {
        return Optional.ofNullable(tierLimit);
    }

    public ValidationOptions withTierLimit(TierLimit limit) {
        return new ValidationOptions(limit, admissions, gang);
    }

    public ValidationOptions withAdmissions(List<TopologyAdmission> list) {
        return new ValidationOptions(tierLimit, list, gang);
    }

    public ValidationOptions withGang(GangRule rule) {
        return new ValidationOptions(tierLimit, admissions, rule);
    }
}
