package org.topoplanner.allocator.slurm;

import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;

/**
 * {@code get_node_cnts} ({@code slurmctld/node_scheduler.c}, 22.05.8, 24.11.5 and 26.05 alike): the node range
 * {@code select_nodes} works with is the job's {@code min_nodes} raised to the partition's {@code MinNodes} and its
 * {@code max_nodes} (the partition's {@code MaxNodes} when the job gave none) lowered to {@code MaxNodes}; when that
 * maximum falls below the minimum it answers {@code ESLURM_REQUESTED_PART_CONFIG_UNAVAILABLE} before any pick, and
 * {@code select_nodes} writes {@code WAIT_PART_NODE_LIMIT} on the job ("Too many nodes requested"), test-only or not.
 * A partition whose node total is too small passes this test and fails in the pick instead.
 */
final class PartitionNodeRange {
    private PartitionNodeRange() {
    }

    /** Whether the job's node range and the partition's {@code MinNodes}..{@code MaxNodes} do not meet. */
    static boolean empty(Cluster cluster, JobRequest request) {
        SlurmPartition partition = PartitionTable.of(cluster).partitionOf(request);
        if (partition == null || partition.nodes() == null) {
            return false;
        }
        PartitionLimits limits = PartitionLimits.of(cluster, partition);
        int jobMin = request.minNodes() == null ? 1 : request.minNodes();
        long min = Math.max(jobMin, limits.minNodes());
        // sbatch sends -N3 as min_nodes = max_nodes = 3; without -N max_nodes is 0 and the partition's MaxNodes holds
        Integer jobMax = request.maxNodes() != null ? request.maxNodes() : request.minNodes();
        long partMax = limits.maxNodes() == null ? Long.MAX_VALUE : limits.maxNodes();
        long max = jobMax == null ? partMax : Math.min(jobMax, partMax);
        return max < min;
    }
}
