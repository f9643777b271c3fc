package org.topoplanner.allocator.k8s;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * What the running jobs of one {@link ClusterState} request of each host, as {@link NodeCapacity} counts it
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

    private final Map<String, OnHost> hosts;

    private PodsOnHosts(Map<String, OnHost> hosts) {
        this.hosts = hosts;
    }

    static PodsOnHosts of(ClusterState state) {
        return state.derived(KEY, PodsOnHosts::count);
    }

    OnHost on(String host) {
        return hosts.getOrDefault(host, NOTHING);
    }

    private static PodsOnHosts count(ClusterState state) {
        Map<String, Integer> jobs = new HashMap<>();
        Map<String, Set<String>> nics = new HashMap<>();
        Map<String, Long> cpu = new HashMap<>();
        for (Placement p : state.running().values()) {
            Set<String> seen = new HashSet<>();
            for (HostAllocation a : p.hosts()) {
                if (!seen.add(a.host())) {
                    continue; // a job is one pod per host: its first allocation there counts (Placement.on)
                }
                jobs.merge(a.host(), 1, Integer::sum);
                nics.computeIfAbsent(a.host(), h -> new HashSet<>()).addAll(a.nicByGpu().values());
                long c = a.cpus().size() * 1000L;
                cpu.merge(a.host(), c == 0 ? NodeCapacity.DEFAULT_CPU_MILLI : c, Long::sum);
            }
        }
        Map<String, OnHost> out = new HashMap<>();
        jobs.forEach((h, n) -> out.put(h, new OnHost(n, nics.get(h).size(), cpu.get(h))));
        return new PodsOnHosts(out);
    }
}
