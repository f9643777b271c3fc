package org.topoplanner.importers.slurm;

import java.util.Objects;
import org.topoplanner.model.slurm.NodeLine;

/**
 * A {@link NodeLine} with where it was written.
 *
 * @param gresColumn column of the {@code Gres=} value, else the line's column
 */
record LocatedNodeLine(NodeLine node, String path, int line, int column, int gresColumn) {
    LocatedNodeLine {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(path, "path");
    }

    /** Sockets on the node as Slurm counts them: boards x sockets per board, defaults 1. */
    int totalSockets() {
        return (node.boards() == null ? 1 : node.boards()) * (node.sockets() == null ? 1 : node.sockets());
    }

    int coresPerSocket() {
        return node.coresPerSocket() == null ? 1 : node.coresPerSocket();
    }

    int threadsPerCore() {
        return node.threadsPerCore() == null ? 1 : node.threadsPerCore();
    }

    /** True when the line says anything about the CPU layout (else Slurm's 1x1x1 default is no knowledge). */
    boolean describesCpus() {
        return node.cpus() != null || node.boards() != null || node.sockets() != null
                || node.coresPerSocket() != null || node.threadsPerCore() != null;
    }
}
