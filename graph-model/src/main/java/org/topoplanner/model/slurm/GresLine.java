package org.topoplanner.model.slurm;

import java.util.List;
import java.util.Objects;

/**
 * One GRES device group of {@code gres.conf} (or of {@code slurmd -G}), for the nodes it names.
 * A line with a {@code File=} range stands for one entry per file only when its {@code Links=}
 * differ; readers keep lines as written.
 *
 * @param nodes      the expanded {@code NodeName=} hostlist; empty = every node
 * @param name       {@code gpu}, {@code mps}, {@code shard}, ...
 * @param type       {@code Type=} ({@code h100}, {@code 1g.10gb}), else {@code null}
 * @param files      expanded {@code File=} paths
 * @param cores      {@code Cores=} (or deprecated {@code CPUs=}) as a canonical range string, else {@code null}
 * @param links      {@code Links=} weights, one per GPU of the node ({@code -1} = this GPU), empty when absent
 * @param count      {@code Count=}, else {@code null}
 * @param flags      {@code Flags=} as written, else {@code null}
 * @param autoDetect {@code AutoDetect=} on this line, else {@code null}
 */
public record GresLine(List<String> nodes, String name, String type, List<String> files, String cores,
                       List<Integer> links, Long count, String flags, String autoDetect) {
    public GresLine {
        Objects.requireNonNull(name, "name");
        nodes = List.copyOf(nodes);
        files = List.copyOf(files);
        links = List.copyOf(links);
    }
}
