package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A {@code -w} list with more nodes than the job's minimum node count, as 24.11's and 26.05's {@code slurmctld} keep
 * it: a pool the job may take any of its nodes from, none required. Their {@code sbatch} ({@code _opt_verify},
 * {@code src/sbatch/opt.c}) counts the list's nodes as the minimum only without {@code -N}, and with fewer tasks
 * lowers the minimum and maximum to {@code -n} ("can't run 2 processes on 3 nodes, setting nnodes to 2") while it
 * keeps the whole list; {@code _job_create} ({@code slurmctld/job_mgr.c}) then turns a list with more nodes than the
 * minimum into an exclusion of every other node. Own cases fuzz49 p9 ({@code -w q2,h6,s4 -N3 -n2}: h6 and s4) and
 * fuzz48 p24 ({@code -w h2,p4,k1 -N3 -n2}: k1 and p4) in 24.11.5 and 26.05.5. 22.05 keeps the first names of the
 * sorted list required instead ({@link SbatchNodeList}). {@link NodeListCount} (slurm-24d, after the memory filter)
 * covers a list without {@code -N}; this one also the list that {@code -n} lowers below a given {@code -N} (fuzz48 p24,
 * fuzz49 p9). A list whose names the cluster does not have is left as it is (the job is refused on the name).
 */
final class NodeListPool {
    private NodeListPool() {
    }

    static JobRequest asCreated(Cluster cluster, JobRequest request, SlurmVersion version) {
        if (request.nodelist().isEmpty() || !version.atLeast(SlurmVersion.V24_11)) {
            return request;
        }
        Set<String> named = new HashSet<>(request.nodelist());
        if (!cluster.nodes().keySet().containsAll(named)) {
            return request;
        }
        int listed = named.size();
        int minNodes = request.minNodes() != null ? request.minNodes() : listed;
        boolean lowered = request.ntasks() != null && request.ntasks() > 0 && request.ntasks() < minNodes;
        if (lowered) {
            minNodes = request.ntasks();
        }
        JobRequest.Builder b = request.toBuilder();
        if (lowered) {
            b.nodes(minNodes, minNodes);
        }
        if (listed <= minNodes) {
            return lowered ? b.build() : request;
        }
        Set<String> exclude = new LinkedHashSet<>(request.exclude());
        List<String> all = new ArrayList<>(exclude);
        for (String host : cluster.nodes().keySet()) {
            if (!named.contains(host) && !exclude.contains(host)) {
                all.add(host);
            }
        }
        return b.nodelist(List.of()).exclude(all).build();
    }
}
