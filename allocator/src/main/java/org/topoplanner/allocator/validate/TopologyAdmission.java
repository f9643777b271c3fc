package org.topoplanner.allocator.validate;

import java.util.Objects;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;

/**
 * The kubelet Topology Manager's answer for the pod on one host, as the Kubernetes policy computes it.
 * Validation does not recompute admission; it turns a rejection into a violation.
 *
 * @param host     the node
 * @param admitted false when the kubelet would refuse the pod ({@code TopologyAffinityError})
 * @param policy   {@code --topology-manager-policy}
 * @param scope    {@code --topology-manager-scope}
 * @param reason   why, in a sentence (the hints that could not be merged); may be empty
 */
public record TopologyAdmission(String host, boolean admitted, TopologyManagerPolicy policy,
                                TopologyManagerScope scope, String reason) {
    public TopologyAdmission {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(scope, "scope");
        reason = reason == null ? "" : reason;
    }
}
