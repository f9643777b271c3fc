package org.topoplanner.allocator.slurm;

import java.util.function.Function;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The test-only pick 24.11 and 26.05 run on a job past its partition's {@code MaxTime}: a job that never fits the
 * partition's nodes is refused at submission, as a job within the limit would be, not held
 * {@code PartitionTimeLimit}.
 *
 * <p>{@code _select_nodes_base} ({@code slurmctld/job_mgr.c}, 24.11.5 and 26.05.5) calls {@code select_nodes} with
 * {@code test_only} after any failed {@code job_limits_check}; 26.05 skips it only after {@code WAIT_PART_CONFIG} and
 * {@code WAIT_PART_NODE_LIMIT}, so {@code WAIT_PART_TIME_LIMIT} is tested in both. {@code _pick_best_nodes}
 * ({@code node_scheduler.c}) answers a job that fits no set of the partition's nodes ({@code !runable_ever})
 * {@code ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE}, or the topology plugin's
 * {@code ESLURM_REQUESTED_TOPO_CONFIG_UNAVAILABLE}; {@code _select_nodes_base} keeps looking (none of them is "can run
 * now"), and {@code job_allocate} refuses the job with that code. sbatch's own submission is test-only too
 * ({@code allocate == 0}), so the pick is the one a job without {@code --time} gets: the answer here is that job's
 * on the idle cluster. 22.05's {@code _select_nodes_parts} calls no {@code select_nodes} for a job of one partition
 * after a failed limit ({@link SlurmTreePolicy#heldAtSubmit}: {@code PartitionConfig}). Lead's case featfz13 f60
 * ({@code -p short -N2 --gpus=4 --ntasks-per-gpu=3 -c2 --time=20}, short's {@code MaxCPUsPerNode=8}, {@code MaxTime=10}:
 * 24 CPUs on two nodes of 8) and own probe c22r1 (r1, r3, b2 refused by 24.11.5 and 26.05.5 as r2, r4, r8 without
 * the time limit; r5 and r9, which fit, and 26.05's r7, {@code -N1 --gpus=9}, whose test passes, wait
 * {@code PartitionTimeLimit}).
 */
final class PastMaxTimeTest {
    private PastMaxTimeTest() {
    }

    /**
     * {@code past} ({@link JobLimitsCheck#beyond}'s answer for {@code request}), or the refusal of the job without its
     * time limit when {@code version} tests a job past {@code MaxTime} and {@code onIdle} (the policy on the idle
     * cluster) refuses that job.
     */
    static Suggestion verdict(Suggestion past, JobRequest request, SlurmVersion version,
                              Function<JobRequest, Suggestion> onIdle) {
        if (version == SlurmVersion.V22_05 || !(past instanceof Suggestion.Pending p)
                || p.reason() != PendingReason.PARTITION_TIME_LIMIT) {
            return past;
        }
        Suggestion untimed = onIdle.apply(JobTimeLimit.without(request));
        return untimed instanceof Suggestion.Impossible ? untimed : past;
    }
}
