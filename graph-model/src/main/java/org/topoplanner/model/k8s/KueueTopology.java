package org.topoplanner.model.k8s;

import java.util.List;
import java.util.Objects;

/** A Kueue {@code Topology}: node label keys from the widest level down to the hostname. */
public record KueueTopology(String name, List<String> levels) {
    public KueueTopology {
        Objects.requireNonNull(name, "name");
        levels = List.copyOf(levels);
    }
}
