package org.topoplanner.allocator;

import java.util.BitSet;
import java.util.Map;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * What the running jobs of a {@link ClusterState} hold, per host number of its {@link ClusterIndex}:
 * built once per state (in one pass over the running placements) so that a suggestion reads each
 * host's free GPUs and cores in constant time. Hosts a placement names that the cluster does not
 * have are ignored.
 */
public final class StateUsage {
    private static final BitSet NONE = new BitSet();

    private final ClusterIndex index;
    private final int[] jobs;
    private final boolean[] whole;
    private final long[] gpuPositions;
    private final BitSet[] gpuIndices;
    private final BitSet[] cpus;
    private final BitSet[] cores;

    StateUsage(ClusterIndex index, Map<String, Placement> running, Map<String, ClusterState.Hold> holds) {
        this.index = index;
        int n = index.size();
        jobs = new int[n];
        whole = new boolean[n];
        gpuPositions = new long[n];
        gpuIndices = new BitSet[n];
        cpus = new BitSet[n];
        cores = new BitSet[n];
        for (Map.Entry<String, Placement> e : running.entrySet()) {
            boolean holdsWhole = holds.get(e.getKey()) == ClusterState.Hold.WHOLE_NODES;
            for (HostAllocation a : e.getValue().hosts()) {
                int h = index.number(a.host());
                if (h < 0) {
                    continue;
                }
                jobs[h]++;
                whole[h] |= holdsWhole;
                NodeShape shape = index.shape(h);
                for (int g : a.gpus()) {
                    if (gpuIndices[h] == null) {
                        gpuIndices[h] = new BitSet();
                    }
                    gpuIndices[h].set(g);
                    int p = shape.position(g);
                    if (p >= 0 && p < 64) {
                        gpuPositions[h] |= 1L << p;
                    }
                }
                if (!a.cpus().isEmpty()) {
                    if (cpus[h] == null) {
                        cpus[h] = new BitSet();
                        cores[h] = new BitSet();
                    }
                    SlurmCpuIds ids = index.cpuIds(h);
                    BitSet c = cpus[h];
                    BitSet k = cores[h];
                    a.cpus().stream().forEach(id -> {
                        c.set(id);
                        k.set(ids.coreOfCpu(id));
                    });
                }
            }
        }
    }

    public ClusterIndex index() {
        return index;
    }

    /** Number of running jobs with anything on host {@code h}. */
    public int jobs(int h) {
        return jobs[h];
    }

    public boolean idle(int h) {
        return jobs[h] == 0;
    }

    /** A job holds host {@code h} whole ({@code --exclusive}). */
    public boolean heldWhole(int h) {
        return whole[h];
    }

    /** GPUs in use on {@code h} as a mask of {@link NodeShape} positions. */
    public long usedGpuPositions(int h) {
        return gpuPositions[h];
    }

    /** GPU indices in use on {@code h}. Do not modify. */
    public BitSet usedGpuIndices(int h) {
        return gpuIndices[h] == null ? NONE : gpuIndices[h];
    }

    /** Slurm CPU ids in use on {@code h}. Do not modify. */
    public BitSet usedCpus(int h) {
        return cpus[h] == null ? NONE : cpus[h];
    }

    /** Cores (Slurm numbering) with any thread in use on {@code h}. Do not modify. */
    public BitSet usedCores(int h) {
        return cores[h] == null ? NONE : cores[h];
    }
}
