package org.topoplanner.allocator.replay;

import java.util.List;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;

/**
 * What the harness reads on a job of several partitions that sbatch's test passed when its look ends before the pass
 * the submission queued: the reason sched/builtin's own thread left. The harness ({@code oracle.py}
 * {@code Harness.submit}) polls until the job leaves {@code PENDING} or has a reason, and a passed test leaves none
 * ({@code _select_nodes_parts}, {@code job_mgr.c}: "Job can run now", success, no {@code state_reason} written). So
 * when the look ends first, something else wrote a reason without a logged pass: {@code builtin_agent}
 * ({@code plugins/sched/builtin/builtin.c}, 22.05.8, 24.11.5 and 26.05 alike) wakes every {@code builtin_interval}
 * seconds, which {@code _load_config} reads with {@code xstrcasestr(sched_params, "interval=")}, so the harness's
 * {@code sched_interval=2} sets it to 2, and its {@code _compute_start_times} calls {@code build_job_queue}, whose
 * {@code _job_runnable_test2} ({@code job_scheduler.c}) runs {@code job_limits_check} for each partition of the
 * job's {@code part_ptr_list} in {@code PriorityTier} order: a failed limit sets that reason, a passed one clears only a
 * {@code JSR_PART} reason. It logs nothing in the sched log ({@code _schedule}'s "Running job scheduler" is the pass's).
 * Lead's case featfz12 f83 ({@code -p short,fat -N1 -n9 -c1}, 24.11.5 and 26.05.5) and f33 (26.05.5): fat, tier 3,
 * passes; short, last, is past its {@code MaxCPUsPerNode}: {@code PartitionConfig} at the look, 0.2-0.3 s before the
 * pass that started the job in fat.
 */
final class BuiltinAgentLook {
    private BuiltinAgentLook() {
    }

    /**
     * The reason {@code build_job_queue} leaves on {@code spec} (a job of several partitions) whose reason is
     * {@code reason}, or null when it leaves none.
     */
    static String afterQueueBuild(PlacementPolicy policy, Cluster cluster, JobRequest spec, String reason) {
        String now = reason;
        for (Partitions.QueueRecord r : Partitions.queueRecords(cluster, List.of(spec.name()), k -> spec,
                (r, p) -> policy.keptToPartition(cluster, r, p))) {
            PendingReason limit = policy.partitionLimit(cluster, r.spec());
            if (limit != null) {
                now = limit.slurmName();
            } else if (ReasonText.partitionState(now)) {
                now = null;
            }
        }
        return now;
    }
}
