package org.topoplanner.allocator;

import java.util.List;
import java.util.Optional;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A scheduler's placement behaviour: given what is running and one request, where the job goes.
 * Implementations are stateless and thread-safe; all state is in the {@link ClusterState}. Every
 * policy reads the same {@link JobRequest} (sbatch's options, read by
 * {@link org.topoplanner.model.job.SbatchOptions}), so any two can be compared on one job.
 */
public interface PlacementPolicy {
    /** The policy id used on the command line ({@code slurm-tree}, {@code planner}, ...). */
    String id();

    /** Where {@code job} would go now. Never throws for a well-formed request; says why instead. */
    Suggestion suggest(ClusterState state, JobRequest job);

    /**
     * Where {@code record} would go now: one partition's record of a job of several ({@link #keptToPartition}), which a
     * scheduler may try otherwise than a job submitted to that partition alone (Slurm: {@code part_ptr} set from the
     * job's {@code part_ptr_list}, against a job whose list is NULL); by default as {@link #suggest}.
     */
    default Suggestion suggestRecord(ClusterState state, JobRequest record) {
        return suggest(state, record);
    }

    /**
     * The test-only pick in a record the job's node minimum holds below its partition's {@code MinNodes} (Slurm:
     * {@code select_nodes} after the failed {@code job_limits_check}): {@code pick} is the record on the pick's node
     * range, {@code listMinNodes} the lowest {@code MinNodes} of the job's list, which the job keeps as its own
     * minimum; by default {@link #suggestRecord} of {@code pick}.
     */
    default Suggestion suggestPastListMinimum(ClusterState state, JobRequest pick, int listMinNodes) {
        return suggestRecord(state, pick);
    }

    /**
     * The pending reason of a job whose named nodes ({@code -w}) an earlier job of the same scheduling pass took out
     * of it ({@code unavailable}), or {@code null} when the policy has none and the job is asked as usual. Slurm's
     * {@code _pick_best_nodes} refuses such a job before any selection ({@code ESLURM_NODE_NOT_AVAIL}).
     */
    default String requiredNodesOutOfPass(List<String> unavailable) {
        return null;
    }

    /**
     * The memory a job this policy started at {@code placement} holds on each node, where the cluster's memory is
     * consumable ({@code CR_*_Memory}); {@link HeldMemory#NONE} for a policy that does not model Slurm's memory. The
     * replay asks the policy it runs, so its package needs no Slurm internals.
     */
    default HeldMemory memoryHeldBy(Cluster cluster, JobRequest request, Placement placement) {
        return HeldMemory.NONE;
    }

    /**
     * The reason a job shows at submission when a partition limit holds it whatever the nodes hold ({@code held},
     * e.g. {@code MaxMemPerLimit}), or null for the usual submission reason ({@code Priority} behind pending jobs):
     * by default the limit's own reason for a job ahead of all others, whose scheduler pass names it.
     */
    default String heldAtSubmit(PendingReason held, boolean behindOthers) {
        return behindOthers ? null : held.slurmName();
    }

    /**
     * {@link #heldAtSubmit(PendingReason, boolean)} for {@code job} on {@code cluster}, for a policy whose wording
     * depends on the request itself (Slurm 24.11's test-only pick after a failed node limit, which answers by
     * {@code get_node_cnts}' range); by default the request is not read.
     */
    default String heldAtSubmit(Cluster cluster, JobRequest job, PendingReason held, boolean behindOthers) {
        return heldAtSubmit(held, behindOthers);
    }

    /**
     * The reason a partition limit holds {@code job} (kept to one partition) with, whatever the nodes hold, or null
     * when none does or the policy reads no limits: Slurm's {@code job_limits_check}, which {@code build_job_queue}
     * runs for each partition of a job before every pass (a partition that fails it gets no queue record, and the job
     * takes its reason).
     */
    default PendingReason partitionLimit(Cluster cluster, JobRequest job) {
        return null;
    }

    /**
     * {@code job} of several partitions as one queue record of {@code partition}: {@code -p partition}, with what the
     * policy's scheduler keeps of the whole list (Slurm: {@code _valid_job_part}'s node minimum of the list, which
     * every partition's {@code job_limits_check} then tests).
     */
    default JobRequest keptToPartition(Cluster cluster, JobRequest job, String partition) {
        return job.toBuilder().partition(partition).build();
    }

    /**
     * {@code job} (kept to one partition whose {@code MaxTime} it is past) as the test-only pick after that failed
     * limit sees it: Slurm's {@code _select_nodes_base} ({@code job_mgr.c}) still calls {@code select_nodes} there,
     * on the job without its time limit; {@code job} itself for a policy that reads no time limit.
     */
    default JobRequest pastMaxTimePick(JobRequest job) {
        return job;
    }

    /**
     * Whether {@code job}'s node range (kept to one partition) misses the partition's {@code MinNodes}..{@code
     * MaxNodes}, which Slurm's {@code select_nodes} answers with {@code PartitionNodeLimit} before any pick, even a
     * test-only one; false when the policy reads no limits.
     */
    default boolean nodeRangeOutsidePartition(Cluster cluster, JobRequest job) {
        return false;
    }

    /**
     * The Slurm release whose placements this policy emulates, or empty for a policy that emulates none. The replay
     * reads the release's scheduler timing from it ({@code replay.PassTiming}); the policy itself knows nothing of
     * the harness.
     */
    default Optional<SlurmVersion> slurmRelease() {
        return Optional.empty();
    }
}
