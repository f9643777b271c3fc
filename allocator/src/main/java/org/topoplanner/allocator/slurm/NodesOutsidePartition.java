package org.topoplanner.allocator.slurm;

import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A job whose {@code -w} names a node outside its partition, held instead of refused where a release runs no node test
 * after a failed {@code job_limits_check}.
 *
 * <p>{@code _valid_job_part} ({@code slurmctld/job_mgr.c}, 22.05.8, 24.11.5 and 26.05.5) drops
 * {@code _part_access_check}'s {@code ESLURM_REQUESTED_NODES_NOT_IN_PARTITION} under the default
 * {@code EnforcePartLimits=NO}, so the refusal ("Requested node configuration is not available") is
 * {@code select_nodes}' alone ({@code node_scheduler.c}: {@code _nodes_in_sets} finds a required node in none of the
 * partition's node sets). Whether {@code select_nodes} runs after a failed limit depends on the release and, in 22.05,
 * on whether the job names one partition ({@code part_ptr_list} NULL; {@code get_part_list} also frees a list left
 * with one partition) or several:
 * <ul>
 *   <li>22.05 {@code _select_nodes_parts}, one partition: {@code select_nodes} only when the limits pass or the
 *   partition is {@code DOWN}; after any other failed limit {@code rc} keeps its initial
 *   {@code ESLURM_REQUESTED_PART_CONFIG_UNAVAILABLE}: the job is held ({@code WAIT_PART_CONFIG}). Its
 *   {@code _select_nodes_parts_resvs}, each record of a list, tests the nodes test-only after every failed limit: the
 *   record never holds the job and is passed over ({@link SeveralPartitions});</li>
 *   <li>24.11 {@code _select_nodes_base}: tests after every failed limit, one partition or a list: refused, but for
 *   a partition {@code DOWN} ({@link #untested});</li>
 *   <li>26.05 {@code _select_nodes_base}: no test after {@code WAIT_PART_CONFIG} and {@code WAIT_PART_NODE_LIMIT}, one
 *   partition or a list's record ({@link SeveralPartitions} keeps the last tested record's answer), a test after
 *   the others.</li>
 * </ul>
 * A partition {@code DOWN} is held {@code PartitionDown} where {@code _select_nodes_parts} words the last partition's
 * limit over the node test ({@link #untested}).
 * Lead's case featfz26 f3 ({@code -w c2 -p short -n5 -c4 --gpus=2 --time=60}, c2 not in short, past its
 * {@code MaxTime=30}): {@code PartitionConfig} under 22.05.8, refused by 24.11.5 and 26.05.5; featfz16 f60
 * ({@code -w a2 -p mix,all -N1}, a2 not in mix, {@code -N1} below its {@code MinNodes=2}): mix's record passed over,
 * {@code Priority} at submission in 22.05.8. Own probes c26f1 p1, p2 and c27a1 q1-q20 (every limit, one partition
 * against a list, {@code -p short,short}).
 */
final class NodesOutsidePartition {
    private NodesOutsidePartition() {
    }

    /**
     * The answer for {@code request} held by its limits before any node test, or null when its nodes are tested (and
     * refused, if outside). {@code listRecord}: the request is one partition's record of a job of several.
     */
    static Suggestion held(Cluster cluster, JobRequest request, SlurmVersion version, boolean listRecord) {
        SlurmPartition partition = PartitionTable.of(cluster).partitionOf(request);
        if (partition == null || partition.nodes() == null || request.nodelist().stream().allMatch(partition::holds)) {
            return null;
        }
        PendingReason limit = JobLimitsCheck.of(cluster, request, version);
        if (limit == null || !untested(limit, version, listRecord)) {
            return null;
        }
        return new Suggestion.Pending(limit, request.name() + " names a node outside partition " + partition.name()
                + ", held by the partition's limits before any node test");
    }

    /** Whether {@code version} holds the job by the failed {@code limit} whatever its nodes ({@link #held}). */
    private static boolean untested(PendingReason limit, SlurmVersion version, boolean listRecord) {
        if (limit == PendingReason.PARTITION_DOWN) {
            // tested, but with no rc_best _select_nodes_parts makes a last partition's WAIT_PART_DOWN rc
            // ESLURM_PARTITION_DOWN over the node test's refusal: 24.11 and 26.05 for one partition or a list, 22.05 for
            // a list only (its one-partition branch keeps select_nodes' rc unless that succeeded). Own probe c27a1 q5
            // (-w a1 -p dn): PartitionDown in 24.11.5 and 26.05.5, refused by 22.05.8
            return version != SlurmVersion.V22_05 || listRecord;
        }
        if (version == SlurmVersion.V22_05) {
            return !listRecord;
        }
        return version.atLeast(SlurmVersion.V26_05)
                && (limit == PendingReason.PARTITION_CONFIG || limit == PendingReason.PARTITION_NODE_LIMIT);
    }
}
