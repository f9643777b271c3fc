package org.topoplanner.model.k8s;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** A Kueue {@code ResourceFlavor}: the nodes it selects and the topology it follows, if any. */
public record ResourceFlavor(String name, Map<String, String> nodeLabels, String topologyName) {
    public ResourceFlavor {
        Objects.requireNonNull(name, "name");
        // in the order written: Map.copyOf would reorder them per JVM, and a saved project would change on every save
        nodeLabels = Collections.unmodifiableMap(new LinkedHashMap<>(nodeLabels));
    }
}
