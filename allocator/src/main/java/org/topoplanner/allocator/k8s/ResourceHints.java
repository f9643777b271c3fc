package org.topoplanner.allocator.k8s;

import java.util.List;

/**
 * What one hint provider says for one resource. {@code hints == null} is the kubelet's nil slice
 * ("no preference", read as {@code {nil, true}}); an empty list means no NUMA combination can hold
 * the request (read as {@code {nil, false}}).
 */
public record ResourceHints(String resource, List<TopologyHint> hints) {
    public ResourceHints {
        hints = hints == null ? null : List.copyOf(hints);
    }

    public static ResourceHints dontCare(String resource) {
        return new ResourceHints(resource, null);
    }

    /** The list {@code filterProvidersHints} puts in the cross product for this resource. */
    List<TopologyHint> filtered() {
        if (hints == null) {
            return List.of(TopologyHint.DONT_CARE);
        }
        if (hints.isEmpty()) {
            return List.of(TopologyHint.IMPOSSIBLE);
        }
        return hints;
    }
}
