package org.topoplanner.allocator.validate;

import java.util.List;
import java.util.Optional;

/**
 * Inputs to validation beyond the cluster state, the request and the placement.
 *
 * @param tierLimit  the allowed tier, when the scheduler has one; {@code null} otherwise
 * @param admissions Topology Manager answers per host (Kubernetes policies); empty for Slurm
 * @param gangPods   the pods that must be placed for the job to run, when the scheduler runs a job with
 *                   fewer than all its pods (Volcano's {@code minAvailable} below the job's pods);
 *                   {@code null}: every pod (a Slurm job starts whole, Kueue admits the whole PodSet)
 */
public record ValidationOptions(TierLimit tierLimit, List<TopologyAdmission> admissions, Integer gangPods) {
    public static final ValidationOptions NONE = new ValidationOptions(null, List.of(), null);

    public ValidationOptions {
        admissions = List.copyOf(admissions);
        if (gangPods != null && gangPods < 1) {
            throw new IllegalArgumentException("a gang needs at least one pod, not " + gangPods);
        }
    }

    public Optional<TierLimit> tier() {
        return Optional.ofNullable(tierLimit);
    }

    public ValidationOptions withTierLimit(TierLimit limit) {
        return new ValidationOptions(limit, admissions, gangPods);
    }

    public ValidationOptions withAdmissions(List<TopologyAdmission> list) {
        return new ValidationOptions(tierLimit, list, gangPods);
    }

    public ValidationOptions withGangPods(Integer pods) {
        return new ValidationOptions(tierLimit, admissions, pods);
    }
}
