package org.topoplanner.allocator.slurm;

import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;

/**
 * A partition's {@code MinNodes} as it raises a job's node count. {@code _valid_job_part} ({@code job_mgr.c}, the same
 * in 22.05, 24.11 and 26.05) sets a job without {@code -N} ({@code min_nodes == NO_VAL}) to the partition's
 * {@code min_nodes_orig} (1 when that is 0), and raises a {@code -N} below it when the job's maximum is unset or at
 * least {@code MinNodes}; a {@code -N} whose maximum is below it stays, and {@code job_limits_check} holds it
 * ({@link JobLimitsCheck}). Own probe c18d1 d2 ({@code -p mn -n2} on {@code MinNodes=2}): one CPU on each of g1 and g2
 * in 22.05.8, 24.11.5 and 26.05.5, where the same job elsewhere takes two CPUs of g1.
 */
final class PartitionMinNodes {
    private PartitionMinNodes() {
    }

    /** The request with its node minimum raised to its partition's {@code MinNodes} where Slurm raises it. */
    static JobRequest raised(Cluster cluster, JobRequest request) {
        SlurmPartition partition = PartitionTable.of(cluster).partitionOf(request);
        int min = PartitionLimits.of(cluster, partition).minNodes();
        if (partition == null || min <= 1) {
            return request;
        }
        if (request.minNodes() == null) {
            return request.toBuilder().nodes(min, request.maxNodes()).build();
        }
        if (request.minNodes() < min && request.maxNodes() != null && request.maxNodes() >= min) {
            return request.toBuilder().nodes(min, request.maxNodes()).build();
        }
        return request;
    }
}
