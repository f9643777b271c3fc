package org.topoplanner.importers.k8s;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A Kubernetes node as far as its labels go, with where the source describes it.
 *
 * @param gpus the GPU count the source states ({@code nvidia.com/gpu} capacity), or {@code null}
 * @param cpus the logical CPU count ({@code cpu} capacity), or {@code null}
 */
public record LabelledNode(String name, Map<String, String> labels, Integer gpus, Integer cpus, int line,
                           int column) {
    public LabelledNode {
        Objects.requireNonNull(name, "name");
        labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
    }
}
