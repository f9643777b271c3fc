package org.topoplanner.model.slurm;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the Slurm configuration says beyond the fabric: node lines, GRES lines, the cluster-wide
 * keys that shape placement ({@code TopologyPlugin}, {@code TopologyParam},
 * {@code SelectTypeParameters}, {@code GresTypes}, ...; partitions under {@code PartitionName.<name>}),
 * and the named topologies of a {@code topology.yaml} (Slurm 25.05+; empty when the cluster has
 * the one topology of {@code topology.conf}, which is its fabric).
 */
public record SlurmSettings(List<NodeLine> nodeLines, List<GresLine> gres, Map<String, String> keys,
                            List<SlurmTopology> topologies) {
    public SlurmSettings {
        nodeLines = List.copyOf(nodeLines);
        gres = List.copyOf(gres);
        // in the order written: Map.copyOf would reorder them per JVM, and a saved project would change on every save
        keys = Collections.unmodifiableMap(new LinkedHashMap<>(keys));
        topologies = topologies == null ? List.of() : List.copyOf(topologies);
    }

    /** Settings without named topologies (a {@code topology.conf} cluster). */
    public SlurmSettings(List<NodeLine> nodeLines, List<GresLine> gres, Map<String, String> keys) {
        this(nodeLines, gres, keys, List.of());
    }

    public static SlurmSettings empty() {
        return new SlurmSettings(List.of(), List.of(), Map.of());
    }

    public boolean isEmpty() {
        return nodeLines.isEmpty() && gres.isEmpty() && keys.isEmpty() && topologies.isEmpty();
    }

    /** The same settings with these named topologies. */
    public SlurmSettings withTopologies(List<SlurmTopology> value) {
        return new SlurmSettings(nodeLines, gres, keys, value);
    }

    /** The partitions of the configuration, in order. */
    public List<SlurmPartition> partitions() {
        return SlurmPartition.of(keys);
    }

    /** The named topology called {@code name} (the first of that name, as Slurm looks it up). */
    public Optional<SlurmTopology> topology(String name) {
        return topologies.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    /** The topology of partitions without {@code Topology=}: the cluster default; empty without topologies. */
    public Optional<SlurmTopology> defaultTopology() {
        return Optional.ofNullable(SlurmTopology.defaultOf(topologies));
    }
}
