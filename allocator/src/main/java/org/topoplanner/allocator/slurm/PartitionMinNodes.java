package org.topoplanner.allocator.slurm;

import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;

/**
 * A partition's {@code MinNodes} as it raises a job's node count, in two steps Slurm keeps apart.
 *
 * <p>{@code _valid_job_part} ({@code job_mgr.c}, the same in 22.05, 24.11 and 26.05) sets a job without {@code -N}
 * ({@code min_nodes == NO_VAL}) to the partition's {@code min_nodes_orig} (1 when that is 0) and leaves its
 * {@code max_nodes} unset ({@code _job_create}: {@code NO_VAL} becomes 0), and raises a {@code -N} below it when the
 * job's maximum is at least {@code MinNodes}; a {@code -N} whose maximum is below it stays, and
 * {@code job_limits_check} holds it ({@link JobLimitsCheck}). Then {@code get_node_cnts} ({@code node_scheduler.c},
 * every release) gives the pick {@code min_nodes = MAX(details->min_nodes, part_ptr->min_nodes)} and, for a job
 * without a maximum, the partition's {@code MaxNodes} as {@code max_nodes} and {@code req_nodes = min_nodes}: so a
 * job without {@code -N} takes at least {@code MinNodes} nodes and as many more as its tasks need, not exactly
 * {@code MinNodes} (which a {@code -N} would mean: sbatch sends {@code -N2} as {@code min_nodes = max_nodes = 2}).
 * Own probe c18d1 d2 ({@code -p mn -n2} on {@code MinNodes=2}): one CPU on each of g1 and g2 in 22.05.8, 24.11.5 and
 * 26.05.5, where the same job elsewhere takes two CPUs of g1. Lead's case featfz16 f40 ({@code -p mix -n5 -c6
 * --gpus-per-task=1}, mix {@code MinNodes=2 MaxCPUsPerNode=6}): runs on five nodes in every release.
 */
final class PartitionMinNodes {
    private PartitionMinNodes() {
    }

    /**
     * The request with a {@code -N} below its partition's {@code MinNodes} raised to it where {@code _valid_job_part}
     * raises it (the job's maximum at least {@code MinNodes}). A job without {@code -N} keeps no node count here: its
     * raise is the pick's ({@link #applied}), which leaves it without a maximum.
     */
    static JobRequest raised(Cluster cluster, JobRequest request) {
        SlurmPartition partition = PartitionTable.of(cluster).partitionOf(request);
        int min = PartitionLimits.of(cluster, partition).minNodes();
        if (partition == null || min <= 1 || request.minNodes() == null) {
            return request;
        }
        if (request.minNodes() < min && request.maxNodes() != null && request.maxNodes() >= min) {
            return request.toBuilder().nodes(min, request.maxNodes()).build();
        }
        return request;
    }

    /**
     * {@code job} with {@code get_node_cnts}' {@code min_nodes}: at least its partition's {@code MinNodes}, its own
     * maximum kept (none for a job without {@code -N}, so {@code req_nodes} is the raised minimum). A maximum below
     * {@code MinNodes} is {@code job_limits_check}'s to hold; the job is left as it is then.
     */
    static SlurmJobSpec applied(Cluster cluster, SlurmJobSpec job) {
        PartitionTable table = PartitionTable.of(cluster);
        if (table.partitions().isEmpty()) {
            return job;
        }
        int min = table.limits(table.partitionNamed(job.partition())).minNodes();
        if (min <= job.minNodes() || job.maxNodes() != null && job.maxNodes() < min) {
            return job;
        }
        return job.toBuilder().nodes(min, job.maxNodes()).build();
    }
}
