package org.topoplanner.model.k8s;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One member selector of a Volcano HyperNode: exactly one of {@code exactMatch},
 * {@code regexMatch} or {@code labelMatch} is set.
 *
 * @param type {@code Node} or {@code HyperNode}
 */
public record HyperNodeMember(String type, String exactMatch, String regexMatch, Map<String, String> labelMatch) {
    public HyperNodeMember {
        Objects.requireNonNull(type, "type");
        // in the order written: Map.copyOf would reorder them per JVM, and a saved project would change on every save
        labelMatch = labelMatch == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(labelMatch));
    }

    public static HyperNodeMember exactNode(String name) {
        return new HyperNodeMember("Node", name, null, null);
    }

    public static HyperNodeMember exactHyperNode(String name) {
        return new HyperNodeMember("HyperNode", name, null, null);
    }
}
