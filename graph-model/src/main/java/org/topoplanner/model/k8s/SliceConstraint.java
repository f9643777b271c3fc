package org.topoplanner.model.k8s;

import java.util.Objects;

/**
 * One layer of a Kueue multi-layer slice request
 * ({@code kueue.x-k8s.io/podset-slice-required-topology-constraints}): every slice of
 * {@code size} pods must fit in one domain of the level {@code topology}.
 */
public record SliceConstraint(String topology, int size) {
    public SliceConstraint {
        Objects.requireNonNull(topology, "topology");
    }
}
