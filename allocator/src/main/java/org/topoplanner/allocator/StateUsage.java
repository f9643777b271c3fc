package org.topoplanner.allocator;

import java.util.BitSet;
import java.util.Map;
import org.topoplanner.model.cpu.SlurmCpuIds;
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
    /** The jobs' allocations on each host, to recount a host when a job ends; never changed once shared. */
    private final OnHost[][] onHost;

    /** One job's allocation on a host, and whether the job holds its nodes whole. */
    private record OnHost(String job, HostAllocation alloc, boolean whole) {
    }

    private static final OnHost[] NO_ONE = new OnHost[0];

    StateUsage(ClusterIndex index, Map<String, Placement> running, Map<String, ClusterState.Hold> holds) {
        this.index = index;
        int n = index.size();
        jobs = new int[n];
        whole = new boolean[n];
        gpuPositions = new long[n];
        gpuIndices = new BitSet[n];
        cpus = new BitSet[n];
        cores = new BitSet[n];
        onHost = new OnHost[n][];
        for (Map.Entry<String, Placement> e : running.entrySet()) {
            add(e.getValue(), holds.get(e.getKey()) == ClusterState.Hold.WHOLE_NODES, false);
        }
    }

    private StateUsage(StateUsage from) {
        index = from.index;
        jobs = from.jobs.clone();
        whole = from.whole.clone();
        gpuPositions = from.gpuPositions.clone();
        gpuIndices = from.gpuIndices.clone();
        cpus = from.cpus.clone();
        cores = from.cores.clone();
        onHost = from.onHost.clone();
    }

    /** This usage plus one more running job: copies the per-host arrays, then adds the job's hosts. */
    StateUsage plus(Placement p, ClusterState.Hold hold) {
        StateUsage u = new StateUsage(this);
        u.add(p, hold == ClusterState.Hold.WHOLE_NODES, true);
        return u;
    }

    /**
     * This usage without one job: the job's hosts are recounted from the other jobs on them, which each host
     * keeps ({@link OnHost}): walking every running job for them made an end cost the whole running set.
     */
    StateUsage minus(Placement removed) {
        StateUsage u = new StateUsage(this);
        for (HostAllocation gone : removed.hosts()) {
            int h = index.number(gone.host());
            if (h < 0 || u.onHost[h] != onHost[h]) {
                continue; // not in the cluster, or listed twice and recounted already
            }
            u.jobs[h] = 0;
            u.whole[h] = false;
            u.gpuPositions[h] = 0;
            u.gpuIndices[h] = null;
            u.cpus[h] = null;
            u.cores[h] = null;
            OnHost[] rest = java.util.Arrays.stream(onHost[h]).filter(e -> !e.job().equals(removed.job()))
                    .toArray(OnHost[]::new);
            u.onHost[h] = rest;
            for (OnHost e : rest) {
                u.addHost(e.alloc(), e.whole(), false);
            }
        }
        return u;
    }

    /**
     * Adds a job's hosts and notes it on each; {@code copy}: the host's sets are shared with another usage, copy
     * before changing.
     */
    private void add(Placement p, boolean holdsWhole, boolean copy) {
        for (HostAllocation a : p.hosts()) {
            int h = index.number(a.host());
            if (h >= 0) {
                OnHost[] before = onHost[h] == null ? NO_ONE : onHost[h];
                OnHost[] after = java.util.Arrays.copyOf(before, before.length + 1);
                after[before.length] = new OnHost(p.job(), a, holdsWhole);
                onHost[h] = after; // a new array: the old one may be another usage's
            }
            addHost(a, holdsWhole, copy);
        }
    }

    private void addHost(HostAllocation a, boolean holdsWhole, boolean copy) {
        int h = index.number(a.host());
        if (h < 0) {
            return;
        }
        jobs[h]++;
        whole[h] |= holdsWhole;
        NodeShape shape = index.shape(h);
        if (!a.gpus().isEmpty()) {
            gpuIndices[h] = gpuIndices[h] == null ? new BitSet() : copy ? (BitSet) gpuIndices[h].clone() : gpuIndices[h];
            for (int g : a.gpus()) {
                gpuIndices[h].set(g);
                int pos = shape.position(g);
                if (pos >= 0 && pos < 64) {
                    gpuPositions[h] |= 1L << pos;
                }
            }
        }
        if (!a.cpus().isEmpty()) {
            cpus[h] = cpus[h] == null ? new BitSet() : copy ? (BitSet) cpus[h].clone() : cpus[h];
            cores[h] = cores[h] == null ? new BitSet() : copy ? (BitSet) cores[h].clone() : cores[h];
            SlurmCpuIds ids = index.cpuIds(h);
            BitSet c = cpus[h];
            BitSet k = cores[h];
            a.cpus().stream().forEach(id -> {
                c.set(id);
                k.set(ids.coreOfCpu(id));
            });
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
