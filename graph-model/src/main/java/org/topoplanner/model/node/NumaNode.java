package org.topoplanner.model.node;

import java.util.Objects;
import org.topoplanner.model.cpu.CpuSet;

/**
 * A NUMA node: memory plus the CPUs local to it.
 *
 * @param id        OS NUMA index
 * @param socket    the socket it sits in
 * @param cpus      its OS CPU ids
 * @param memoryMiB local memory in MiB, 0 when unknown
 */
public record NumaNode(int id, int socket, CpuSet cpus, long memoryMiB) {
    public NumaNode {
        Objects.requireNonNull(cpus, "cpus");
    }
}
