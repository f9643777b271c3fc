package org.topoplanner.allocator.k8s;

/**
 * A hint provider's answer for one resource: a NUMA affinity and whether it is preferred.
 * {@code affinity == null} means "any NUMA node" (no preference), as the kubelet's nil mask.
 */
public record TopologyHint(NumaMask affinity, boolean preferred) {
    /** {@code {nil, true}}: the provider does not care. */
    public static final TopologyHint DONT_CARE = new TopologyHint(null, true);
    /** {@code {nil, false}}: the provider cannot satisfy the request on any NUMA combination. */
    public static final TopologyHint IMPOSSIBLE = new TopologyHint(null, false);

    @Override
    public String toString() {
        return "{" + (affinity == null ? "<nil>" : affinity.toString()) + " " + preferred + "}";
    }
}
