package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The {@code -w} list of a {@code --contiguous} job as {@code _job_create} ({@code slurmctld/job_mgr.c}, 22.05, 24.11
 * and 26.05) holds it: {@code bit_fill_gaps} adds every node between the first and the last named one (node-index
 * order). 22.05 then raises {@code min_nodes} to the list's size, so all of it is required; 24.11 and 26.05 turn a
 * list longer than {@code min_nodes} (sbatch's, from the names given) into a pool ({@link NodeListPool}). Own probe
 * c28y1 c4 ({@code -w n01,n03 --contiguous}): n01-n03 in 22.05.8, n01-n02 in 26.05.5.
 */
final class ContiguousNodeList {
    private ContiguousNodeList() {
    }

    /** {@code request} with its list's gaps filled; unchanged without {@code --contiguous}, a list, or known names. */
    static JobRequest filled(Cluster cluster, JobRequest request, SlurmVersion version) {
        if (!request.nodeChoice().contiguous() || request.nodelist().isEmpty()) {
            return request;
        }
        ClusterIndex index = ClusterIndex.of(cluster);
        int first = Integer.MAX_VALUE;
        int last = -1;
        for (String h : request.nodelist()) {
            int k = index.number(h);
            if (k < 0) {
                return request;
            }
            first = Math.min(first, k);
            last = Math.max(last, k);
        }
        List<String> hosts = new ArrayList<>();
        for (int k = first; k <= last; k++) {
            hosts.add(index.host(k));
        }
        int named = (int) request.nodelist().stream().distinct().count();
        int min = request.minNodes() != null ? request.minNodes() : named;
        Integer max = request.maxNodes();
        if (version == SlurmVersion.V22_05 && hosts.size() > min) {
            min = hosts.size();
            max = max == null ? null : Math.max(max, min);
        }
        return request.toBuilder().nodes(min, max).nodelist(hosts).build();
    }
}
