package org.topoplanner.model.node;

import java.util.Objects;
import org.topoplanner.model.cpu.CpuSet;

/**
 * A physical core.
 *
 * @param id     core number inside the node, 0-based, sockets in order (Slurm's core numbering)
 * @param socket the socket (package) index
 * @param numa   the NUMA node the core belongs to
 * @param pus    the OS CPU ids of its hardware threads
 */
public record Core(int id, int socket, int numa, CpuSet pus) {
    public Core {
        Objects.requireNonNull(pus, "pus");
        if (id < 0 || socket < 0 || numa < 0) {
            throw new IllegalArgumentException("negative core, socket or NUMA index");
        }
    }
}
