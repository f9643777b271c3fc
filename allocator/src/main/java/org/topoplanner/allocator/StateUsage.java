package org.topoplanner.allocator;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * What the running jobs of a {@link ClusterState} hold, per host number of its {@link ClusterIndex}, so
 * that a suggestion reads each host's free GPUs and cores in constant time. Hosts a placement names that
 * the cluster does not have are ignored.
 *
 * <p>Hosts are kept in chunks of {@value #CHUNK} and each busy host as an immutable {@link HostUse}: a job
 * that starts or ends copies the chunk index and the chunks of its own hosts, and shares the rest with the
 * state before (what-if and replay change one job at a time on clusters of 16,384 hosts, where copying
 * per-host arrays on every change cost more than the suggestions). A host a job leaves is recounted from the
 * other allocations its {@link HostUse} keeps, not from the running jobs (looking each one up by name and
 * scanning its placement for the host was a tenth of a 100,000-job what-if).
 */
public final class StateUsage {
    private static final BitSet NONE = new BitSet();
    private static final int CHUNK_BITS = 6;
    static final int CHUNK = 1 << CHUNK_BITS;

    private final ClusterIndex index;
    /** {@code null} chunks and entries: idle hosts. */
    private final HostUse[][] chunks;
    /** The partition of each running job (null: not known), read by {@link #partitionCores}. */
    private final Function<String, String> partitionOf;

    StateUsage(ClusterIndex index, Map<String, Placement> running, Map<String, ClusterState.Hold> holds) {
        this(index, running, holds, job -> null);
    }

    StateUsage(ClusterIndex index, Map<String, Placement> running, Map<String, ClusterState.Hold> holds,
               Function<String, String> partitionOf) {
        this.index = index;
        this.partitionOf = partitionOf;
        this.chunks = new HostUse[(index.size() + CHUNK - 1) >> CHUNK_BITS][];
        Copies fresh = new Copies();
        for (Map.Entry<String, Placement> e : running.entrySet()) {
            add(e.getKey(), e.getValue(), holds.get(e.getKey()) == ClusterState.Hold.WHOLE_NODES, fresh);
        }
    }

    private StateUsage(StateUsage from, Function<String, String> partitionOf) {
        index = from.index;
        chunks = from.chunks.clone();
        this.partitionOf = partitionOf;
    }

    /** Which chunks this usage already copied from the one it was made from (those may be changed in place). */
    private static final class Copies {
        private final BitSet copied = new BitSet();
    }

    /** This usage plus one more running job: copies the chunks of the job's hosts only. */
    StateUsage plus(Placement p, ClusterState.Hold hold) {
        return plus(p, hold, partitionOf);
    }

    /** {@link #plus(Placement, ClusterState.Hold)} whose jobs' partitions {@code partitionOf} gives. */
    StateUsage plus(Placement p, ClusterState.Hold hold, Function<String, String> partitionOf) {
        StateUsage u = new StateUsage(this, partitionOf);
        u.add(p.job(), p, hold == ClusterState.Hold.WHOLE_NODES, new Copies());
        return u;
    }

    /** This usage without one job: the job's hosts are recounted from the other entries each keeps. */
    StateUsage minus(Placement removed) {
        return minus(removed, partitionOf);
    }

    /** {@link #minus(Placement)} whose jobs' partitions {@code partitionOf} gives. */
    StateUsage minus(Placement removed, Function<String, String> partitionOf) {
        StateUsage u = new StateUsage(this, partitionOf);
        Copies copies = new Copies();
        String name = removed.job();
        for (String host : removed.hostNames()) {
            int h = index.number(host);
            HostUse before = h < 0 ? null : get(h);
            if (before == null) {
                continue; // not a host of this cluster
            }
            // the entries the host keeps, less the job's: no look-up of the other jobs among the running ones
            u.set(h, HostUse.without(before, name, index.shape(h), index.cpuIds(h)), copies);
        }
        return u;
    }

    private void add(String name, Placement p, boolean holdsWhole, Copies copies) {
        for (HostAllocation a : p.hosts()) {
            int h = index.number(a.host());
            if (h >= 0) {
                set(h, HostUse.plus(get(h), name, a, holdsWhole, index.shape(h), index.cpuIds(h)), copies);
            }
        }
    }

    private HostUse get(int h) {
        HostUse[] chunk = chunks[h >> CHUNK_BITS];
        return chunk == null ? null : chunk[h & (CHUNK - 1)];
    }

    private void set(int h, HostUse use, Copies copies) {
        int c = h >> CHUNK_BITS;
        if (!copies.copied.get(c)) {
            chunks[c] = chunks[c] == null ? new HostUse[CHUNK] : chunks[c].clone();
            copies.copied.set(c);
        }
        chunks[c][h & (CHUNK - 1)] = use;
    }

    /**
     * The hosts whose running jobs may differ between this usage and {@code earlier} (of the same index): a job
     * that comes or goes makes a new {@link HostUse} for each of its hosts, so a host holding the same object in
     * both runs the same jobs (the same placements) in both. Chunks no change touched are the same objects too,
     * so this costs the chunk index plus the chunks that differ, not the whole cluster.
     */
    public BitSet changedSince(StateUsage earlier) {
        if (earlier.index != index) {
            throw new IllegalArgumentException("usages of different clusters");
        }
        BitSet out = new BitSet();
        for (int c = 0; c < chunks.length; c++) {
            HostUse[] mine = chunks[c];
            HostUse[] theirs = earlier.chunks[c];
            if (mine == theirs) {
                continue;
            }
            int base = c << CHUNK_BITS;
            int end = Math.min(CHUNK, index.size() - base);
            for (int i = 0; i < end; i++) {
                HostUse a = mine == null ? null : mine[i];
                HostUse b = theirs == null ? null : theirs[i];
                if (a != b) {
                    out.set(base + i);
                }
            }
        }
        return out;
    }

    public ClusterIndex index() {
        return index;
    }

    /** Number of running jobs with anything on host {@code h} (allocations, as the placements list them). */
    public int jobs(int h) {
        HostUse u = get(h);
        return u == null ? 0 : u.jobs().size();
    }

    /** The running jobs with anything on host {@code h}, in start order. */
    public List<String> jobsOn(int h) {
        HostUse u = get(h);
        return u == null ? List.of() : u.distinctJobs();
    }

    public boolean idle(int h) {
        return get(h) == null;
    }

    /** A job holds host {@code h} whole ({@code --exclusive}). */
    public boolean heldWhole(int h) {
        HostUse u = get(h);
        return u != null && u.whole();
    }

    /** GPUs in use on {@code h} as a mask of {@link NodeShape} positions. */
    public long usedGpuPositions(int h) {
        HostUse u = get(h);
        return u == null ? 0 : u.gpuPositions();
    }

    /** GPU indices in use on {@code h}. Do not modify. */
    public BitSet usedGpuIndices(int h) {
        HostUse u = get(h);
        return u == null || u.gpuIndices() == null ? NONE : u.gpuIndices();
    }

    /** Slurm CPU ids in use on {@code h}. Do not modify. */
    public BitSet usedCpus(int h) {
        HostUse u = get(h);
        return u == null || u.cpus() == null ? NONE : u.cpus();
    }

    /**
     * The cores (Slurm numbering) jobs of partition {@code partition} hold on host {@code h}, every core for one that
     * holds the host whole; a job whose partition is not known counts as one of it. What cons_tres's row bitmaps of
     * the partition hold there ({@code part_core_map}: {@code job_res_add_cores} sets a whole-node job's every core).
     */
    public BitSet partitionCores(int h, String partition) {
        HostUse u = get(h);
        BitSet out = new BitSet();
        if (u == null) {
            return out;
        }
        for (int i = 0; i < u.jobs().size(); i++) {
            String p = partitionOf.apply(u.jobs().get(i));
            if (p != null && !p.equals(partition)) {
                continue;
            }
            if (u.wholeEntries().get(i)) {
                out.set(0, index.shape(h).cores());
                break;
            }
            org.topoplanner.model.cpu.SlurmCpuIds ids = index.cpuIds(h);
            u.allocations().get(i).cpus().stream().forEach(id -> out.set(ids.coreOfCpu(id)));
        }
        return out;
    }

    /** Cores (Slurm numbering) with any thread in use on {@code h}. Do not modify. */
    public BitSet usedCores(int h) {
        HostUse u = get(h);
        return u == null || u.cores() == null ? NONE : u.cores();
    }
}
