package org.topoplanner.allocator.whatif;

import java.util.Objects;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.model.cluster.Cluster;

/**
 * One run of a what-if: a design (named as the user named it), a policy with its settings, and the queue
 * discipline.
 */
public record WhatIfCase(String design, Cluster cluster, PolicyChoice policy, QueueDiscipline discipline) {
    public WhatIfCase {
        Objects.requireNonNull(design, "design");
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(discipline, "discipline");
    }

    /** {@code design / policy / discipline}, as charts and files label the run. */
    public String label() {
        return design + " / " + policy.id() + " / " + discipline.id();
    }
}
