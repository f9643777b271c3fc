package org.topoplanner.allocator.k8s;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * What the running jobs of one {@link ClusterState} request of each host (by host number), as {@link NodeCapacity} counts it
 * (each job one pod): the number of jobs on the host, the RDMA NICs their GPUs use, and the CPU request with
 * the scheduler's non-zero default. Built in one pass over the running jobs and kept with the state, so that
 * sizing every node of a 4,096-host cluster costs one pass, not one pass per node.
 */
final class PodsOnHosts {
    private static final Object KEY = PodsOnHosts.class;
    private static final OnHost NOTHING = new OnHost(0, 0, 0);

    /** One host's share: jobs on it, distinct NICs they use, their CPU requests in millicores. */
    record OnHost(int jobs, int nics, long nonZeroCpuMilli) {
    }

    private final ClusterIndex index;
    private final int[] jobs;
    private final int[] nics;
    private final long[] cpu;

    private PodsOnHosts(ClusterIndex index, int[] jobs, int[] nics, long[] cpu) {
        this.index = index;
        this.jobs = jobs;
        this.nics = nics;
        this.cpu = cpu;
    }

    static PodsOnHosts of(ClusterState state) {
        return state.derived(KEY, PodsOnHosts::count, PodsOnHosts::recount);
    }

    /** {@code before} with the shares of {@code changed} hosts counted again from {@code now}'s jobs. */
    private static PodsOnHosts recount(PodsOnHosts before, ClusterState now, Set<String> changed) {
        ClusterIndex index = before.index;
        int[] jobs = before.jobs.clone();
        int[] nicCount = before.nics.clone();
        long[] cpu = before.cpu.clone();
        Set<String> hosts = new HashSet<>();
        for (String host : changed) {
            int h = index.number(host);
            if (h >= 0) {
                hosts.add(host);
                jobs[h] = 0;
                nicCount[h] = 0;
                cpu[h] = 0;
            }
        }
        // only the jobs still on a changed host can count there: the state's usage names them per host
        Map<Integer, Set<String>> nics = new HashMap<>();
        for (String host : hosts) {
            int h = index.number(host);
            for (String job : now.jobsOn(host)) {
                HostAllocation a = now.placement(job).flatMap(p -> p.on(host)).orElseThrow();
                jobs[h]++;
                if (!a.nicByGpu().isEmpty()) {
                    nics.computeIfAbsent(h, x -> new HashSet<>()).addAll(a.nicByGpu().values());
                }
                long c = a.cpus().size() * 1000L;
                cpu[h] += c == 0 ? NodeCapacity.DEFAULT_CPU_MILLI : c;
            }
        }
        nics.forEach((h, set) -> nicCount[h] = set.size());
        return new PodsOnHosts(index, jobs, nicCount, cpu);
    }

    OnHost on(String host) {
        int h = index.number(host);
        return h < 0 ? NOTHING : on(h);
    }

    /** The share of host number {@code h} of the state's {@link ClusterIndex}. */
    OnHost on(int h) {
        return jobs[h] == 0 ? NOTHING : new OnHost(jobs[h], nics[h], cpu[h]);
    }

    int jobs(int h) {
        return jobs[h];
    }

    int nics(int h) {
        return nics[h];
    }

    long nonZeroCpuMilli(int h) {
        return cpu[h];
    }

    private static PodsOnHosts count(ClusterState state) {
        ClusterIndex index = ClusterIndex.of(state.cluster());
        int n = index.size();
        int[] jobs = new int[n];
        long[] cpu = new long[n];
        Map<Integer, Set<String>> nics = new HashMap<>();
        for (Placement p : state.running().values()) {
            Set<String> seen = new HashSet<>();
            for (HostAllocation a : p.hosts()) {
                if (!seen.add(a.host())) {
                    continue; // a job is one pod per host: its first allocation there counts (Placement.on)
                }
                int h = index.number(a.host());
                if (h < 0) {
                    continue; // not a host of this cluster: no node of the scheduler's either
                }
                jobs[h]++;
                if (!a.nicByGpu().isEmpty()) {
                    nics.computeIfAbsent(h, x -> new HashSet<>()).addAll(a.nicByGpu().values());
                }
                long c = a.cpus().size() * 1000L;
                cpu[h] += c == 0 ? NodeCapacity.DEFAULT_CPU_MILLI : c;
            }
        }
        int[] nicCount = new int[n];
        nics.forEach((h, s) -> nicCount[h] = s.size());
        return new PodsOnHosts(index, jobs, nicCount, cpu);
    }
}
