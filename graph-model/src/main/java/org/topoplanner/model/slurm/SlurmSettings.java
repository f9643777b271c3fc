package org.topoplanner.model.slurm;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the Slurm configuration says beyond the fabric: node lines, GRES lines, and the
 * cluster-wide keys that shape placement ({@code TopologyPlugin}, {@code TopologyParam},
 * {@code SelectTypeParameters}, {@code GresTypes}, ...).
 */
public record SlurmSettings(List<NodeLine> nodeLines, List<GresLine> gres, Map<String, String> keys) {
    public SlurmSettings {
        nodeLines = List.copyOf(nodeLines);
        gres = List.copyOf(gres);
        // in the order written: Map.copyOf would reorder them per JVM, and a saved project would change on every save
        keys = Collections.unmodifiableMap(new LinkedHashMap<>(keys));
    }

    public static SlurmSettings empty() {
        return new SlurmSettings(List.of(), List.of(), Map.of());
    }

    public boolean isEmpty() {
        return nodeLines.isEmpty() && gres.isEmpty() && keys.isEmpty();
    }
}
