package org.topoplanner.allocator.slurm;

import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A job of one partition whose {@code -w} names a node outside it, held instead of refused when a release runs no
 * node test after a failed {@code job_limits_check}.
 *
 * <p>{@code _valid_job_part} ({@code slurmctld/job_mgr.c}, 22.05.8, 24.11.5 and 26.05.5) drops
 * {@code _part_access_check}'s {@code ESLURM_REQUESTED_NODES_NOT_IN_PARTITION} under the default
 * {@code EnforcePartLimits=NO}, so the refusal ("Requested node configuration is not available") is
 * {@code select_nodes}' ({@code node_scheduler.c}: the partition's node sets miss a required node,
 * {@code ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE}). 22.05's {@code _select_nodes_parts} calls no
 * {@code select_nodes} for a job of one partition after any failed limit but {@code WAIT_PART_DOWN}, and 26.05's
 * {@code _select_nodes_base} none after {@code WAIT_PART_CONFIG} and {@code WAIT_PART_NODE_LIMIT}: the job keeps the
 * limit ({@link SlurmTreePolicy#heldAtSubmit} words it). 24.11 tests the nodes after every failed limit and refuses
 * the job. Lead's case featfz26 f3 ({@code -w c2 -p short -n5 -c4 --gpus=2 --time=60}, c2 not in short, past its
 * {@code MaxTime=30}): {@code PartitionConfig} under 22.05.8, refused by 24.11.5 and 26.05.5.
 */
final class NodesOutsidePartition {
    private NodesOutsidePartition() {
    }

    /** The limit that holds {@code request} untested, or null when its nodes are tested (and refused, if outside). */
    static Suggestion held(Cluster cluster, JobRequest request, SlurmVersion version) {
        SlurmPartition partition = PartitionTable.of(cluster).partitionOf(request);
        if (partition == null || partition.nodes() == null || request.nodelist().stream().allMatch(partition::holds)) {
            return null;
        }
        PendingReason limit = JobLimitsCheck.of(cluster, request, version);
        boolean untested = version == SlurmVersion.V22_05 ? limit != null && limit != PendingReason.PARTITION_DOWN
                : version.atLeast(SlurmVersion.V26_05)
                        && (limit == PendingReason.PARTITION_CONFIG || limit == PendingReason.PARTITION_NODE_LIMIT);
        return untested ? new Suggestion.Pending(limit, request.name() + " names a node outside partition "
                + partition.name() + ", held by its limits before any node test") : null;
    }
}
