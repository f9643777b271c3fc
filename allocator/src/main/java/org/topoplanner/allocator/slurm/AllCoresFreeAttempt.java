package org.topoplanner.allocator.slurm;

import java.util.List;
import java.util.Optional;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * One selection on a 22.05 test 0 state ({@link AllCoresFreeTest}), kept with that state (s25p). The planner asked
 * the same selection on the same state up to three times per suggestion after a job moved: {@code slurm-tree}'s test 0
 * of the real state, then, for the planner's own verdict ({@link SlurmTreePolicy#failsWithEveryCoreFree}), the
 * selection on the test 0 state as a state of its own (its test 1) and that state's own test 0, which is the same
 * state ({@link AllCoresFreeTest#stateOf} of a test 0 state is itself). The three calls have the same inputs: the
 * state, the request (whose memory rules give {@link FreeMemory#withGpusMemoryCannotServe} and
 * {@link FreeMemory#perCpuMemory}), the job as slurmctld holds it, and the node list and chooser, which are made from
 * the state's cluster, the release and whether the tree is flat; each attempt starts its chooser afresh (its first
 * pass resets {@code KnapsackRetry}'s counts; a plain {@code TreeSelector} records nothing), so the answer is a
 * function of those inputs and may be kept under them. Only test 0 states are kept this way: they change only when
 * a job's GPUs, hold or memory do, or a job comes or goes.
 */
final class AllCoresFreeAttempt {
    private AllCoresFreeAttempt() {
    }

    /** What the answer is kept under, with the test 0 state: the inputs besides the state. */
    private record Asked(JobRequest request, SlurmJobSpec job, boolean flat, SlurmVersion version) {
    }

    /**
     * {@link SlurmAllocation#attempt} of {@code job} on test 0 state {@code coresFree}, made once per request, job,
     * flatness and release; {@code nodes} and {@code chooser} must be those {@code onTree} makes of
     * {@code coresFree}'s cluster, {@code version} and {@code flat}.
     */
    static SlurmAllocation on(ClusterState coresFree, JobRequest request, SlurmJobSpec job, boolean flat,
                              SlurmVersion version, List<SlurmNode> nodes, NodeChooser chooser) {
        return coresFree.derived(new Asked(request, job, flat, version), s -> Optional.ofNullable(
                SlurmAllocation.attempt(FreeMemory.withGpusMemoryCannotServe(s, request), nodes, chooser, job,
                        version, FreeMemory.perCpuMemory(s, request)))).orElse(null);
    }
}
