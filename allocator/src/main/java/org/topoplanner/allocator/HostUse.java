package org.topoplanner.allocator;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.job.HostAllocation;

/**
 * What the running jobs hold on one busy host, never changed once made: a state change makes new
 * {@code HostUse}s for the hosts it touches and shares every other host's with the state before.
 *
 * @param jobs         names of the jobs with an allocation here, in start order, once per allocation (a
 *                     placement may list a host twice)
 * @param allocations  the allocation of each entry of {@code jobs}, so that a job that goes is taken out of
 *                     the entries kept here, without looking the other jobs up among the running ones
 * @param wholeEntries the entries whose job holds the host whole
 * @param whole        a job holds the host whole ({@code --exclusive})
 * @param gpuPositions GPUs in use as a mask of {@link NodeShape} positions
 */
record HostUse(List<String> jobs, List<HostAllocation> allocations, BitSet wholeEntries, boolean whole,
               long gpuPositions, BitSet gpuIndices, BitSet cpus, BitSet cores) {
    /** This host's use with one more allocation of job {@code name}. */
    static HostUse plus(HostUse before, String name, HostAllocation a, boolean holdsWhole, NodeShape shape,
                        SlurmCpuIds ids) {
        List<String> jobs = new ArrayList<>(before == null ? 1 : before.jobs.size() + 1);
        List<HostAllocation> allocations = new ArrayList<>(before == null ? 1 : before.jobs.size() + 1);
        BitSet wholeEntries = before == null ? new BitSet() : (BitSet) before.wholeEntries.clone();
        if (before != null) {
            jobs.addAll(before.jobs);
            allocations.addAll(before.allocations);
        }
        if (holdsWhole) {
            wholeEntries.set(jobs.size());
        }
        jobs.add(name);
        allocations.add(a);
        long positions = before == null ? 0 : before.gpuPositions;
        BitSet gpus = before == null ? null : before.gpuIndices;
        if (!a.gpus().isEmpty()) {
            gpus = gpus == null ? new BitSet() : (BitSet) gpus.clone();
            for (int g : a.gpus()) {
                gpus.set(g);
                int pos = shape.position(g);
                if (pos >= 0 && pos < 64) {
                    positions |= 1L << pos;
                }
            }
        }
        BitSet cpus = before == null ? null : before.cpus;
        BitSet cores = before == null ? null : before.cores;
        if (!a.cpus().isEmpty()) {
            BitSet c = cpus == null ? new BitSet() : (BitSet) cpus.clone();
            BitSet k = cores == null ? new BitSet() : (BitSet) cores.clone();
            a.cpus().stream().forEach(id -> {
                c.set(id);
                k.set(ids.coreOfCpu(id));
            });
            cpus = c;
            cores = k;
        }
        boolean whole = before != null && before.whole || holdsWhole;
        return new HostUse(List.copyOf(jobs), List.copyOf(allocations), wholeEntries, whole, positions, gpus, cpus,
                cores);
    }

    /**
     * This host's use once job {@code name} is gone: the other entries added again in their order, which is what
     * recounting the host from the jobs still on it gives (each job's allocations here, in start order), or
     * {@code null} when no other job is left.
     */
    static HostUse without(HostUse before, String name, NodeShape shape, SlurmCpuIds ids) {
        HostUse u = null;
        for (int i = 0; i < before.jobs.size(); i++) {
            String job = before.jobs.get(i);
            if (!job.equals(name)) {
                u = plus(u, job, before.allocations.get(i), before.wholeEntries.get(i), shape, ids);
            }
        }
        return u;
    }

    /** The distinct job names, in start order. */
    List<String> distinctJobs() {
        return jobs.stream().distinct().toList();
    }
}
