package org.topoplanner.allocator.validate;

import java.util.Objects;

/**
 * The kubelet Topology Manager's answer for the pod on one host, as the Kubernetes policy computes it.
 * Validation does not recompute admission; it turns a rejection into a violation.
 *
 * @param host     the node
 * @param admitted false when the kubelet would refuse the pod ({@code TopologyAffinityError})
 * @param policy   {@code --topology-manager-policy} ({@code restricted}, {@code single-numa-node}, ...)
 * @param scope    {@code --topology-manager-scope} ({@code container} or {@code pod})
 * @param reason   why, in a sentence (the hints that could not be merged); may be empty
 */
public record TopologyAdmission(String host, boolean admitted, String policy, String scope, String reason) {
    public TopologyAdmission {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(scope, "scope");
        reason = reason == null ? "" : reason;
    }
}
