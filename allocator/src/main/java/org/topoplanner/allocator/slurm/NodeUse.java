package org.topoplanner.allocator.slurm;

import java.util.BitSet;

/**
 * What is free on one node right now, in Slurm's terms.
 *
 * @param freeCores cores with no thread allocated (Slurm core numbering)
 * @param freeGpus  GRES indices not allocated
 * @param idle      no job at all on the node (needed by {@code --exclusive})
 * @param heldWhole a job holds the node exclusively
 * @param memory    the cap a per-CPU memory figure sets on the node's CPU count ({@link PerCpuMemory#NONE}: none);
 *                  it lowers the count, never the free cores
 * @param partitionCores the cores jobs of the job's partition hold on the node, counted against its
 *                  {@code MaxCPUsPerNode} once the partition's rows exist ({@link PartitionCpuCap}); 0 otherwise
 */
record NodeUse(BitSet freeCores, BitSet freeGpus, boolean idle, boolean heldWhole, PerCpuMemory memory,
               int partitionCores) {
    NodeUse(BitSet freeCores, BitSet freeGpus, boolean idle, boolean heldWhole) {
        this(freeCores, freeGpus, idle, heldWhole, PerCpuMemory.NONE, 0);
    }

    NodeUse(BitSet freeCores, BitSet freeGpus, boolean idle, boolean heldWhole, PerCpuMemory memory) {
        this(freeCores, freeGpus, idle, heldWhole, memory, 0);
    }

    /** Node {@code n} with nothing running: every core free, every GPU of the job's type. */
    static NodeUse idle(SlurmNode n, SlurmJobSpec job) {
        BitSet cores = new BitSet();
        cores.set(0, n.cores());
        BitSet gpus = new BitSet();
        for (SlurmGpu g : n.gpus()) {
            if (job.gpuType() == null || job.gpuType().equals(g.type())) {
                gpus.set(g.index());
            }
        }
        return new NodeUse(cores, gpus, true, false);
    }

    /** The same free resources with the node's memory for a per-CPU figure. */
    NodeUse withMemory(PerCpuMemory m) {
        return m.equals(memory) ? this : new NodeUse(freeCores, freeGpus, idle, heldWhole, m, partitionCores);
    }
}
