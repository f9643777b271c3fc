package org.topoplanner.allocator.slurm;

import java.util.List;

/**
 * What CoreFilter and the free-resource view read of a node: its GPUs and CPU layout (not its name).
 * Nodes share a GPU list when they share a topology, so the list is compared by identity.
 */
record NodeLayout(List<SlurmGpu> gpus, int sockets, int coresPerSocket, int threadsPerCore) {
    static NodeLayout of(SlurmNode n) {
        return new NodeLayout(n.gpus(), n.sockets(), n.coresPerSocket(), n.threadsPerCore());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NodeLayout l && l.gpus == gpus && l.sockets == sockets
                && l.coresPerSocket == coresPerSocket && l.threadsPerCore == threadsPerCore;
    }

    @Override
    public int hashCode() {
        return ((System.identityHashCode(gpus) * 31 + sockets) * 31 + coresPerSocket) * 31 + threadsPerCore;
    }
}
