package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.hostlist.NaturalOrder;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A {@code -w} list as {@code sbatch} and {@code slurmctld} leave it before any scheduling, when {@code -n} asks for
 * fewer tasks than the list names nodes. {@code sbatch} ({@code _opt_verify}, {@code src/sbatch/opt.c}) counts the
 * list's nodes as the job's minimum node count ({@code hostlist_uniq}, which also sorts it) and then, with fewer tasks,
 * warns "can't run 2 processes on 3 nodes, setting nnodes to 2" and sets minimum and maximum to the task count. What
 * becomes of the list differs:
 * <ul>
 *   <li>22.05: {@code sbatch} pops the last names off the sorted list until it holds that many, and the rest stay
 *       required (own cases fuzz49 p9, {@code -w q2,h6,s4 -N3 -n2}: h6 and q2; fuzz50 p38, {@code -w u1,m3,m2 -n2}:
 *       m2 and m3; real 22.05.8);</li>
 *   <li>24.11 and 26.05: {@code sbatch} keeps the whole list, and {@code _job_create} ({@code slurmctld/job_mgr.c})
 *       turns a list with more nodes than the job's minimum into an exclusion of every other node: the job may run on
 *       any of the named nodes, none is required (fuzz49 p9 runs on h6 and s4, fuzz48 p24 {@code -w h2,p4,k1 -N3 -n2}
 *       on k1 and p4 in 24.11.5 and 26.05.5). With {@code -N} given, 24.11's {@code sbatch} does not raise the
 *       minimum to the list's size, so {@code -w a,b,c -N2} is such a pool as well.</li>
 * </ul>
 * A list whose names the cluster does not have is left as it is (the job is refused on the name).
 */
final class SubmittedNodeList {
    private SubmittedNodeList() {
    }

    static JobRequest asSubmitted(Cluster cluster, JobRequest request, SlurmVersion version) {
        if (request.nodelist().isEmpty()) {
            return request;
        }
        TreeSet<String> sorted = new TreeSet<>(NaturalOrder.INSTANCE);
        sorted.addAll(request.nodelist());
        if (!cluster.nodes().keySet().containsAll(sorted)) {
            return request;
        }
        int listed = sorted.size();
        boolean v22 = !version.atLeast(SlurmVersion.V24_11);
        Integer given = request.minNodes();
        // 22.05: min_nodes = MAX(hl_cnt, -N); 24.11 and 26.05 count the list only without -N
        int minNodes = given == null ? listed : v22 ? Math.max(listed, given) : given;
        Integer ntasks = request.ntasks();
        boolean lowered = ntasks != null && ntasks > 0 && ntasks < minNodes;
        if (lowered) {
            minNodes = ntasks;
        }
        if (listed <= minNodes) {
            return lowered ? request.toBuilder().nodes(minNodes, minNodes).build() : request;
        }
        JobRequest.Builder b = request.toBuilder();
        if (lowered) {
            b.nodes(minNodes, minNodes);
        }
        if (v22) {
            // only the lowering trims the list (hostlist_pop from the end of the sorted list)
            if (!lowered) {
                return request;
            }
            return b.nodelist(List.copyOf(sorted).subList(0, minNodes)).build();
        }
        Set<String> exclude = new LinkedHashSet<>(request.exclude());
        List<String> others = new ArrayList<>();
        for (String host : cluster.nodes().keySet()) {
            if (!sorted.contains(host) && !exclude.contains(host)) {
                others.add(host);
            }
        }
        List<String> all = new ArrayList<>(exclude);
        all.addAll(others);
        return b.nodelist(List.of()).exclude(all).build();
    }
}
