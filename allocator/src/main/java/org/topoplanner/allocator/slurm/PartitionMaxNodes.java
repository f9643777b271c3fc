package org.topoplanner.allocator.slurm;

import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A partition's {@code MaxNodes} as the bound of a job's pick. {@code get_node_cnts} ({@code node_scheduler.c}, the same
 * in 22.05, 24.11 and 26.05) gives a job without a maximum of its own ({@code details->max_nodes} 0: no {@code -N})
 * the partition's {@code max_nodes}; {@code job_limits_check} does not test such a job against {@code MaxNodes}
 * ({@link JobLimitsCheck}), but the pick may then take no more nodes. A job whose CPUs the partition's largest nodes,
 * {@code MaxNodes} of them, cannot hold is never runnable there ({@code _pick_best_nodes}' {@code runable_ever}
 * false): sbatch's test refuses it, "Requested node configuration is not available" (own probe c18d1 a4,
 * {@code -p gpu -n20} on two nodes of 8 CPUs at most: refused by 22.05.8, 24.11.5 and 26.05.5). Only this CPU bound
 * is read; a pick the bound lets through is not kept to {@code MaxNodes} nodes here (no stored case needs it).
 */
final class PartitionMaxNodes {
    private PartitionMaxNodes() {
    }

    /** The refusal of a job without {@code -N} that {@code MaxNodes} nodes of its partition never hold, or null. */
    static String refusal(Cluster cluster, JobRequest request, SlurmVersion version) {
        if (request.minNodes() != null) {
            return null;
        }
        SlurmPartition partition = PartitionTable.of(cluster).partitionOf(request);
        PartitionLimits limits = PartitionLimits.of(cluster, partition);
        if (partition == null || limits.maxNodes() == null) {
            return null;
        }
        long perNode = NodeMemory.mostCpusInPartition(cluster, request);
        if (limits.maxCpusPerNode() != null) {
            perNode = Math.min(perNode, limits.maxCpusPerNode());
        }
        long asked = version == SlurmVersion.V22_05 ? PartitionCpuTotal.sbatchMinCpus(request)
                : PartitionCpuTotal.minCpus(request);
        return asked > perNode * limits.maxNodes() ? "Requested node configuration is not available" : null;
    }
}
