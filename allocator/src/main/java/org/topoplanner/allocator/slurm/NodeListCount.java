package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A {@code -w} list longer than the job's node count, as {@code sbatch} and {@code slurmctld} leave it.
 *
 * <p>{@code sbatch} ({@code src/sbatch/opt.c} {@code _opt_verify}, all three versions) takes a {@code -w} list without
 * {@code -N} as the node count, then lowers the count to {@code -n} when fewer tasks than nodes are asked ("can't run 2
 * processes on 3 nodes, setting nnodes to 2"). 22.05.8's sbatch also drops hosts from the end of the sorted list
 * ({@link SbatchNodeList}); 24.11.5's and 26.05.5's keep the list, and {@code slurmctld}'s {@code _job_create}
 * ({@code src/slurmctld/job_mgr.c}) turns a list longer than the node count into an exclusion of every other node
 * ("translate this into an exclusion of all nodes except those requested"): no node is required. Own case fuzz41 p23
 * ({@code -w g2,g5,h3 --gpus=3 -n2 -c3}): 24.11.5 and 26.05.5 run it on g2 and h3, the two of the three the selection
 * prefers (22.05.8 on g2 and g5). Only the list without {@code -N} is handled here.
 */
public final class NodeListCount {
    private NodeListCount() {
    }

    /**
     * The request with the node count and node list 24.11's and 26.05's slurmctld end up holding for it (itself when
     * unchanged, and in 22.05, whose sbatch already cut the list).
     */
    public static JobRequest asHeld(JobRequest request, Cluster cluster, SlurmVersion version) {
        if (version == SlurmVersion.V22_05 || request.nodelist().isEmpty() || request.minNodes() != null
                || request.ntasks() == null) {
            return request;
        }
        Set<String> unique = new LinkedHashSet<>(request.nodelist());
        int tasks = request.ntasks();
        if (tasks < 1 || tasks >= unique.size()) {
            return request;
        }
        JobRequest.Builder held = request.toBuilder().nodes(tasks, tasks);
        List<String> exclude = new ArrayList<>(request.exclude());
        for (String h : cluster.hostNames()) {
            if (!unique.contains(h) && !exclude.contains(h)) {
                exclude.add(h);
            }
        }
        return held.nodelist(List.of()).exclude(exclude).build();
    }
}
