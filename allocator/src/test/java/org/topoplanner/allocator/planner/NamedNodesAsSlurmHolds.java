package org.topoplanner.allocator.planner;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.topoplanner.model.hostlist.NaturalOrder;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * What a job's {@code -w} list asks of a placement once {@code sbatch} and {@code slurmctld} of a release have
 * handled it, written from the sources apart from the policies' own code (the property tests judge with it):
 * {@code required} nodes every placement must hold, and the {@code pool} no placement may leave (empty: any node).
 *
 * <p>{@code sbatch}'s {@code _opt_verify} ({@code src/sbatch/opt.c}, all three releases) counts the list as the
 * minimum only without {@code -N}, and lowers the node count to {@code -n} when fewer tasks are asked ("can't run 2
 * processes on 3 nodes, setting nnodes to 2"). 22.05.8's then pops the hosts past the count off the end of the sorted
 * list (those left are required); 24.11.5's and 26.05.5's keep the list, and their {@code _job_create}
 * ({@code src/slurmctld/job_mgr.c}) turns a list with more nodes than the minimum into an exclusion of every other
 * node: a pool, nothing required. Real runs: fuzz49 p9 ({@code -w q2,h6,s4 -N3 -n2}) on h6,q2 in 22.05.8 and on
 * h6,s4 in 24.11.5/26.05.5; fuzz48 p24 ({@code -w h2,p4,k1 -N3 -n2}) on k1,p4 in 24.11.5/26.05.5.
 */
record NamedNodesAsSlurmHolds(Set<String> required, Set<String> pool) {

    static NamedNodesAsSlurmHolds of(JobRequest job, SlurmVersion version) {
        List<String> listed = job.nodelist().stream().distinct().toList();
        if (listed.isEmpty()) {
            return new NamedNodesAsSlurmHolds(Set.of(), Set.of());
        }
        int minNodes = job.minNodes() != null ? Math.max(job.minNodes(), version == SlurmVersion.V22_05
                ? listed.size() : 0) : listed.size();
        boolean lowered = job.ntasks() != null && job.ntasks() > 0 && job.ntasks() < minNodes;
        if (lowered) {
            minNodes = job.ntasks();
        }
        Set<String> named = new LinkedHashSet<>(listed);
        if (version == SlurmVersion.V22_05) {
            // 22.05's sbatch sorts the list (hostlist_uniq) and pops what lies past the lowered count
            List<String> sorted = listed.stream().sorted(NaturalOrder.INSTANCE).toList();
            List<String> kept = lowered && sorted.size() > minNodes ? sorted.subList(0, minNodes) : sorted;
            return new NamedNodesAsSlurmHolds(new LinkedHashSet<>(kept), Set.of());
        }
        return listed.size() > minNodes ? new NamedNodesAsSlurmHolds(Set.of(), named)
                : new NamedNodesAsSlurmHolds(named, Set.of());
    }
}
