package org.topoplanner.allocator.replay;

import org.topoplanner.allocator.PendingReason;

/**
 * What a pending job's reason text says, as the replay keeps it (Slurm's wording): the submission's top-priority
 * test and the scheduling pass both read it, so the words are read in one place.
 */
final class ReasonText {
    private ReasonText() {
    }

    /** Whether a pending job's reason is a partition one ({@link PendingReason#partitionState()}). */
    static boolean partitionState(String reason) {
        PendingReason r = PendingReason.ofSlurmName(reason);
        return r != null && r.partitionState();
    }

    /**
     * Whether a pending job's reason is {@code WAIT_NODE_NOT_AVAIL} in any wording: {@code _top_priority} tests the
     * reason code ({@code misc_policy_job_runnable_state}, 22.05 {@code partition_mgr.c}; {@code JSR_MISC}, 24.11 and
     * 26.05 {@code job_state_reason.c}), not its {@code state_desc}, so "ReqNodeNotAvail, UnavailableNodes:b1" is
     * passed over as "ReqNodeNotAvail, May be reserved for other job" is. Own case featfz1 f58 (22.05.8): it starts at
     * once behind f57 ({@code -w b1 -p fat,all -n6 -c4 --gpus-per-task=1}, waiting "UnavailableNodes:b1").
     */
    static boolean reqNodeNotAvail(String reason) {
        return reason != null && reason.startsWith("ReqNodeNotAvail");
    }

    /**
     * Whether a pending job's reason survives a blocked partition in the pass: every reason but none,
     * {@code Resources} and the {@code WAIT_RESOURCES} texts (see {@link SchedulingPass#schedule}).
     */
    static boolean keptByBlockedPartition(String reason) {
        return reason != null && (reqNodeNotAvail(reason) || partitionState(reason)
                || PendingReason.PARTITION_CONFIG.slurmName().equals(reason)
                || PendingReason.MAX_MEM_PER_LIMIT.slurmName().equals(reason));
    }
}
