package org.topoplanner.allocator.planner;

import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.slurm.FreeMemory;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/** The memory property tests' check: a placement's memory against what the running jobs leave on each node. */
final class JobMemoryFit {
    private JobMemoryFit() {
    }

    /** The first node of {@code p} where the job's memory passes what is left there, or {@code null} when none. */
    static String shortNode(Cluster c, ClusterState s, JobRequest job, Placement p) {
        var needs = FreeMemory.heldBy(c, job, p);
        for (HostAllocation a : p.hosts()) {
            if (needs.on(a.host()) > left(c, s, a.host())) {
                return a.host();
            }
        }
        return null;
    }

    /** What jobs may still hold on {@code host}: RealMemory less MemSpecLimit (mem3c's b nodes) less the running jobs'. */
    static long left(Cluster c, ClusterState s, String host) {
        long real = c.slurm().nodeLines().stream().filter(l -> l.name().equals(host))
                .map(l -> l.realMemory() - Long.parseLong(l.other().getOrDefault("MemSpecLimit", "0")))
                .findFirst().orElseThrow();
        long held = s.running().keySet().stream().mapToLong(j -> s.heldMemory(j).on(host)).sum();
        return real - held;
    }
}
