package org.topoplanner.allocator.slurm;

import org.topoplanner.allocator.PendingReason;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * slurmctld's {@code job_limits_check} ({@code job_mgr.c}) of a job kept to one partition, as far as the emulation
 * reads partitions: {@code _part_access_check} first compares the job's {@code min_cpus} with the partition's
 * {@code total_cpus} ({@code ESLURM_TOO_MANY_REQUESTED_CPUS}, which {@code job_limits_check} words
 * {@code WAIT_PART_CONFIG}), then its {@code min_nodes} with the partition's {@code total_nodes}
 * ({@code ESLURM_INVALID_NODE_COUNT}: {@code WAIT_PART_NODE_LIMIT}). The test is the same in 22.05, 24.11 and 26.05;
 * only {@code min_cpus} differs ({@link PartitionCpuTotal}). What a release does with a failed limit at submission
 * differs (held, refused, tested anyway): that is {@link SlurmTreePolicy#heldAtSubmit} and {@link SeveralPartitions};
 * this is the check alone, which {@code build_job_queue}'s {@code _job_runnable_test2} ({@code job_scheduler.c}) runs
 * once per partition of a job before every pass.
 */
final class JobLimitsCheck {
    private JobLimitsCheck() {
    }

    /** The reason the limits hold {@code request} (kept to one partition) with, or null when they pass. */
    static PendingReason of(Cluster cluster, JobRequest request, SlurmVersion version) {
        SlurmPartition partition = PartitionTopology.partitionOf(cluster.slurm().partitions(), request);
        if (partition == null || partition.nodes() == null) {
            return null;
        }
        long asked = version == SlurmVersion.V22_05 ? PartitionCpuTotal.sbatchMinCpus(request)
                : PartitionCpuTotal.minCpus(request);
        if (asked > PartitionCpuTotal.totalCpus(cluster, partition)) {
            return PendingReason.PARTITION_CONFIG;
        }
        int minNodes = request.minNodes() == null ? 1 : request.minNodes();
        if (minNodes > PartitionTopology.partitionNodeCount(cluster, request)) {
            return PendingReason.PARTITION_NODE_LIMIT;
        }
        return null;
    }
}
