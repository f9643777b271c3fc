package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import java.util.Set;
import org.topoplanner.allocator.StateUsage;

/**
 * What is free on a node for a job, read from the state's usage, and whether the node can take any share of the
 * job at all (free cores, idle for {@code --exclusive}, enough free GPUs of its type) before the core filter runs.
 */
final class FreeResources {
    private FreeResources() {
    }

    /** A node another job holds whole: nothing is free, and no job looks further. */
    static final NodeUse HELD = new NodeUse(new BitSet(), new BitSet(), false, true);

    /** What is free on node {@code n}, from the state's usage (cores: Slurm's numbering; the layouts agree). */
    static NodeUse use(StateUsage usage, SlurmNode n, SlurmJobSpec job) {
        return use(usage, n, job.gpuType(), job.ownPartition());
    }

    /**
     * {@link #use(StateUsage, SlurmNode, String)} with the cores jobs of partition {@code ownPartition} hold on the
     * node, which its {@code MaxCPUsPerNode} counts as used once its rows exist ({@link PartitionCpuCap}; null: not
     * counted).
     */
    static NodeUse use(StateUsage usage, SlurmNode n, String gpuType, String ownPartition) {
        NodeUse u = use(usage, n, gpuType);
        if (ownPartition == null || u.idle()) {
            return u;
        }
        int own = usage.partitionCores(n.host(), ownPartition).cardinality();
        return new NodeUse(u.freeCores(), u.freeGpus(), u.idle(), u.heldWhole(), u.memory(), own);
    }

    /** {@link #use(StateUsage, SlurmNode, SlurmJobSpec)} for a job asking GPUs of {@code gpuType} (null: any). */
    static NodeUse use(StateUsage usage, SlurmNode n, String gpuType) {
        BitSet freeCores = new BitSet();
        freeCores.set(0, n.cores());
        freeCores.andNot(usage.usedCores(n.host()));
        BitSet freeGpus = new BitSet();
        BitSet usedGpus = usage.usedGpuIndices(n.host());
        for (SlurmGpu g : n.gpus()) {
            boolean typeOk = gpuType == null || gpuType.equals(g.type());
            if (!usedGpus.get(g.index()) && typeOk) {
                freeGpus.set(g.index());
            }
        }
        return new NodeUse(freeCores, freeGpus, usage.idle(n.host()), usage.heldWhole(n.host()));
    }

    static boolean basicFit(SlurmNode n, NodeUse u, SlurmJobSpec job, Set<String> exclude) {
        if (exclude.contains(n.name()) || u.heldWhole() || u.freeCores().isEmpty()) {
            return false;
        }
        if ((job.exclusive() || job.exclusiveTopo()) && !u.idle()) {
            return false;
        }
        return enoughGpus(n, u, job);
    }

    /** Enough free GPUs (of the job's type) for one node's share: per node, one task's, or one of {@code --gpus}. */
    static boolean enoughGpus(SlurmNode n, NodeUse u, SlurmJobSpec job) {
        int free = u.freeGpus().cardinality();
        if (job.gpusPerNode() != null && free < job.gpusPerNode()) {
            return false;
        }
        if (job.gpusPerTask() != null && free < job.gpusPerTask()) {
            return false;
        }
        return job.gpusPerJob() == null || free > 0;
    }
}
