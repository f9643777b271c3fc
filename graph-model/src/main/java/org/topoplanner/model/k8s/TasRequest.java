package org.topoplanner.model.k8s;

import java.util.List;
import java.util.Objects;

/**
 * What one Kueue PodSet asks of Topology Aware Scheduling, read from its pod-template annotations.
 *
 * <p>At most one of {@code required}, {@code preferred} and {@code unconstrained} is set in a valid
 * request (Kueue rejects the workload otherwise; the reader reports it). Level values are node label
 * keys of a Kueue Topology.
 *
 * @param workload         the Job's name, or its {@code generateName} when it has no name
 * @param podSet           the PodSet: the Job's kind for a batch Job, the replicatedJob name for a JobSet
 * @param podCount         pods in the PodSet (min(parallelism, completions), times replicas for a JobSet)
 * @param queueName        the {@code kueue.x-k8s.io/queue-name} label, else {@code null}
 * @param required         {@code podset-required-topology}, else {@code null}
 * @param preferred        {@code podset-preferred-topology}, else {@code null}
 * @param unconstrained    {@code podset-unconstrained-topology: "true"}
 * @param sliceRequired    {@code podset-slice-required-topology}, else {@code null}
 * @param sliceSize        {@code podset-slice-size}, else {@code null}
 * @param sliceConstraints the multi-layer slice constraints, coarsest first (empty when absent)
 * @param podSetGroup      {@code podset-group-name}, else {@code null}
 */
public record TasRequest(String workload, String podSet, int podCount, String queueName, String required,
                         String preferred, boolean unconstrained, String sliceRequired, Integer sliceSize,
                         List<SliceConstraint> sliceConstraints, String podSetGroup) {

    public TasRequest {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(podSet, "podSet");
        sliceConstraints = List.copyOf(sliceConstraints);
    }

    /** The mode Kueue applies; {@code required} wins when a (rejected) request sets several. */
    public KueueMode mode() {
        if (required != null) {
            return KueueMode.REQUIRED;
        }
        if (preferred != null) {
            return KueueMode.PREFERRED;
        }
        return unconstrained ? KueueMode.UNCONSTRAINED : KueueMode.NONE;
    }

    /** The level named by {@link #mode()}, or {@code null} for unconstrained and none. */
    public String level() {
        return required != null ? required : preferred;
    }
}
