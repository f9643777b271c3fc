package org.topoplanner.allocator.slurm;

import org.topoplanner.allocator.PendingReason;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * slurmctld's {@code job_limits_check} ({@code job_mgr.c}) of a job kept to one partition. It runs
 * {@code _part_access_check} (24.11 and 26.05 move the node and time tests into {@code _qos_part_check}; the tests
 * and their order are the same in 22.05, 24.11 and 26.05), whose tests count only in a partition that schedules
 * ({@code state_up & PARTITION_SCHED}):
 * <ol>
 *   <li>the job's {@code min_cpus} above the partition's {@code total_cpus}, or above {@code MaxCPUsPerNode} times
 *   its {@code total_nodes}: {@code ESLURM_TOO_MANY_REQUESTED_CPUS}, worded {@code WAIT_PART_CONFIG};</li>
 *   <li>{@code min_nodes} above {@code total_nodes}, below {@code MinNodes}, or a {@code max_nodes} the job gave above
 *   {@code MaxNodes}: {@code ESLURM_INVALID_NODE_COUNT}, {@code WAIT_PART_NODE_LIMIT};</li>
 *   <li>{@code --time} above {@code MaxTime}: {@code ESLURM_INVALID_TIME_LIMIT}, {@code WAIT_PART_TIME_LIMIT};</li>
 * </ol>
 * then a partition {@code State=DOWN} is {@code WAIT_PART_DOWN} and {@code INACTIVE} {@code WAIT_PART_INACTIVE}
 * (those skip the tests above). The job's {@code min_nodes} is the one {@code _valid_job_part} left: without
 * {@code -N}, or with a maximum at least {@code MinNodes}, it was raised to {@code MinNodes}, so only a {@code -N}
 * whose maximum is below it fails. Only {@code min_cpus} differs by release ({@link PartitionCpuTotal}). What a
 * release does with a failed limit at submission differs (held, refused, tested anyway): that is
 * {@link SlurmTreePolicy#heldAtSubmit} and {@link SeveralPartitions}; this is the check alone, which
 * {@code build_job_queue}'s {@code _job_runnable_test2} ({@code job_scheduler.c}) runs once per partition of a job
 * before every pass. Own probe c18d1 (every release): {@code -p gpu -N3} and {@code -N1-3} on {@code MaxNodes=2}, a
 * {@code -N1} on {@code MinNodes=2} wait {@code PartitionNodeLimit}; {@code -n9} on two nodes of
 * {@code MaxCPUsPerNode=4} {@code PartitionConfig}; {@code --time=20} on {@code MaxTime=10}
 * {@code PartitionTimeLimit}; a job of a {@code DOWN} partition {@code PartitionDown}.
 */
final class JobLimitsCheck {
    private JobLimitsCheck() {
    }

    /** The reason the limits hold {@code request} (kept to one partition) with, or null when they pass. */
    static PendingReason of(Cluster cluster, JobRequest request, SlurmVersion version) {
        SlurmPartition partition = PartitionTable.of(cluster).partitionOf(request);
        if (partition == null || partition.nodes() == null) {
            return null;
        }
        PendingReason totals = pastTotals(cluster, request, version);
        return totals != null ? totals : beyondLimits(cluster, request, version);
    }

    /**
     * The reason the partition's CPU total ({@code PartitionConfig}) or node total ({@code PartitionNodeLimit}) holds
     * the job with, or null: the two tests a job of several partitions in 22.05 also fails in the test-only pick, as
     * never runnable there ({@link SeveralPartitions}).
     */
    static PendingReason pastTotals(Cluster cluster, JobRequest request, SlurmVersion version) {
        SlurmPartition partition = PartitionTable.of(cluster).partitionOf(request);
        if (partition == null || partition.nodes() == null
                || !PartitionLimits.of(cluster, partition).state().schedules()) {
            return null;
        }
        long asked = PartitionCpuTotal.limitMinCpus(request, version);
        if (asked > PartitionCpuTotal.totalCpus(cluster, partition)) {
            return PendingReason.PARTITION_CONFIG;
        }
        int minNodes = request.minNodes() == null ? 1 : request.minNodes();
        if (minNodes > PartitionTopology.partitionNodeCount(cluster, request)) {
            return PendingReason.PARTITION_NODE_LIMIT;
        }
        return null;
    }

    /**
     * The reason one of the partition's own limits ({@code MaxCPUsPerNode}, {@code MinNodes}, {@code MaxNodes},
     * {@code MaxTime}, {@code State}) holds the job with, or null: the tests of {@link #of} past the partition's CPU
     * and node totals, which the policies test apart (each release words those its own way).
     */
    static PendingReason beyondLimits(Cluster cluster, JobRequest request, SlurmVersion version) {
        SlurmPartition partition = PartitionTable.of(cluster).partitionOf(request);
        if (partition == null || partition.nodes() == null) {
            return null;
        }
        PartitionLimits limits = PartitionLimits.of(cluster, partition);
        if (!limits.state().schedules()) {
            return limits.state() == PartitionLimits.State.DOWN ? PendingReason.PARTITION_DOWN
                    : PendingReason.PARTITION_INACTIVE;
        }
        long asked = PartitionCpuTotal.limitMinCpus(request, version);
        int nodes = PartitionTopology.partitionNodeCount(cluster, request);
        if (limits.maxCpusPerNode() != null && nodes >= 0 && asked > (long) limits.maxCpusPerNode() * nodes) {
            return PendingReason.PARTITION_CONFIG;
        }
        if (request.minNodes() != null && request.minNodes() < limits.minNodes()
                && maxNodes(request) < limits.minNodes()) {
            // _valid_job_part raised min_nodes to MinNodes unless the job's own maximum is below it
            return PendingReason.PARTITION_NODE_LIMIT;
        }
        if (limits.maxNodes() != null && request.minNodes() != null && maxNodes(request) > limits.maxNodes()) {
            // sbatch sends -N3 as min_nodes = max_nodes = 3; a job without -N has max_nodes 0 (NO_VAL here)
            return PendingReason.PARTITION_NODE_LIMIT;
        }
        Long time = JobTimeLimit.minutes(request);
        if (limits.maxTimeMinutes() != null && time != null && time > limits.maxTimeMinutes()) {
            return PendingReason.PARTITION_TIME_LIMIT;
        }
        return null;
    }

    /**
     * The policies' answer for a job {@link #beyondLimits} holds, or null: {@code Pending} with that reason, which a
     * pass reads as is ({@code _job_runnable_test2}) and a submission words per release
     * ({@link SlurmTreePolicy#heldAtSubmit}); except that 24.11, whose {@code _select_nodes_base} runs the test-only
     * pick after a failed limit, refuses a job past {@code MaxCPUsPerNode} times the partition's nodes, which the
     * pick, held to {@code MaxCPUsPerNode} a node, never fits (own probe c18d1 c1, {@code -p cpu -n9}: refused by
     * 24.11.5, "Requested topology configuration is not available"; {@code PartitionConfig} in 22.05.8 and 26.05.5,
     * whose 26.05 skips the pick after {@code WAIT_PART_CONFIG}).
     */
    static org.topoplanner.allocator.Suggestion beyond(Cluster cluster, JobRequest request, SlurmVersion version) {
        PendingReason reason = beyondLimits(cluster, request, version);
        if (reason == null) {
            return null;
        }
        if (reason == PendingReason.PARTITION_CONFIG && version == SlurmVersion.V24_11) {
            return new org.topoplanner.allocator.Suggestion.Impossible(
                    "Requested topology configuration is not available");
        }
        return new org.topoplanner.allocator.Suggestion.Pending(reason, request.name() + " is past its partition's "
                + reason.slurmName() + " test (job_limits_check)");
    }

    /** The {@code max_nodes} sbatch sends for a {@code -N} given: its maximum, else its minimum. */
    private static int maxNodes(JobRequest request) {
        return request.maxNodes() != null ? request.maxNodes() : request.minNodes();
    }
}
