package org.topoplanner.model.slurm;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One node of a {@code slurm.conf} {@code NodeName=} line, after {@code NodeName=DEFAULT} values
 * were applied and the hostlist expanded. Numbers are {@code null} where the line does not say
 * (Slurm then counts 1 socket, 1 core, 1 thread).
 *
 * @param other keys this model does not interpret ({@code State}, {@code TmpDisk}, ...), as written
 */
public record NodeLine(String name, Integer cpus, Integer boards, Integer sockets, Integer coresPerSocket,
                       Integer threadsPerCore, Long realMemory, String gres, Integer weight, List<String> features,
                       String nodeAddr, Map<String, String> other) {
    public NodeLine {
        Objects.requireNonNull(name, "name");
        features = List.copyOf(features);
        // in the order written: Map.copyOf would reorder them per JVM, and a saved project would change on every save
        other = Collections.unmodifiableMap(new LinkedHashMap<>(other));
    }

    public static NodeLine of(String name, int sockets, int coresPerSocket, int threadsPerCore, String gres) {
        return new NodeLine(name, null, null, sockets, coresPerSocket, threadsPerCore, null, gres, null, List.of(),
                null, Map.of());
    }

    /** Cores on the node as Slurm counts them (sockets x cores per socket, defaults 1). */
    public int totalCores() {
        return (boards == null ? 1 : boards) * (sockets == null ? 1 : sockets)
                * (coresPerSocket == null ? 1 : coresPerSocket);
    }
}
