package org.topoplanner.model.job;

/**
 * What one node offers to pods (its allocatable resources), which a whole-node pod ({@code --exclusive})
 * asks for in full.
 *
 * @param gpus   {@code nvidia.com/gpu}
 * @param cpus   whole CPUs
 * @param memMiB memory, MiB (0 when unknown)
 * @param rdma   RDMA/NIC devices
 */
public record NodeSize(int gpus, int cpus, long memMiB, int rdma) {
    public NodeSize {
        if (gpus < 0 || cpus < 0 || memMiB < 0 || rdma < 0) {
            throw new IllegalArgumentException("a node cannot offer a negative amount");
        }
    }

    /** A node nothing is known of; a whole-node pod on it asks for nothing countable. */
    public static final NodeSize UNKNOWN = new NodeSize(0, 0, 0, 0);
}
