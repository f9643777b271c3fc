package org.topoplanner.model.cluster;

import java.util.List;

/**
 * Scheduling attributes of a host: Slurm node weight (lower is used first) and features.
 */
public record HostAttributes(int weight, List<String> features) {
    public static final HostAttributes DEFAULT = new HostAttributes(1, List.of());

    public HostAttributes {
        features = List.copyOf(features);
    }
}
