package org.topoplanner.allocator.replay;

import java.util.List;
import java.util.Optional;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * When slurmctld runs the scheduler pass a submission behind pending jobs queued, measured against the harness's next
 * step: a fact of the release's main loop and of the harness's pace, not of where a job goes, so the {@link Replayer}
 * asks it and no placement policy does. The release decides; a policy that emulates no Slurm gets
 * {@link BeforeNextStep}, the replay's own order (a pass after every event).
 */
public sealed interface PassTiming {

    /**
     * 22.05: the pass runs after the harness's next cancel of a running job. A submission behind pending jobs only
     * queues a pass ({@code queue_job_scheduler}, {@code slurmctld/job_scheduler.c}), which {@code
     * _slurmctld_background} ({@code slurmctld/controller.c}) runs at its next round of 10 x 0.1 s once {@code
     * batch_sched_delay} has passed since the last pass: 3 s by default, but the harness sets 0 ({@code
     * SchedulerParameters=batch_sched_delay=0,sched_interval=2}), so the queued pass comes within about 1.1 s, at a
     * phase of the second that drifts (section n17e of {@code src/test/resources/oracle/PROVENANCE.md}: passes at
     * :09.267, :10.274, :11.295 ...). The harness looks at the job within 0.02-1.2 s and sends its next step at once,
     * and a cancel's end ({@code _slurm_rpc_epilog_complete}, {@code slurmctld/proc_req.c}) runs {@code
     * schedule(false)} itself. Which comes first, the harness's look or the round's pass, is a race the replay has
     * no clock for; placing the pass at the next cancel is the side measured likelier on the cases that led to it
     * (sections cmx22 and the lead's cmx: own cases cmx2 m42, cmx4 m60 m61, c22a m79 m80; the other side of the race
     * is c22p1, and cmx19's stored run and its rerun, which flip m29-m48 between them).
     */
    record AfterNextCancel() implements PassTiming {
        @Override
        public boolean passWaitsForNextCancel() {
            return true;
        }

        /**
         * The first pass slurmctld logged at or after the RPC: the next {@code _slurmctld_background} round (its ten
         * {@code usleep(100000)} and the round's own work make the phase drift, about 1.003 s a round, so only the
         * log has it), or the pass a cancel's end ran ({@code _slurm_rpc_epilog_complete}) if that came first
         * (measured in three timed runs: 0.02-0.96 s after the RPC, mostly after the harness's next step began).
         */
        @Override
        public double queuedPassAt(double rpc, List<Double> passes) {
            return passes.stream().filter(t -> t >= rpc).findFirst().orElse(Double.NaN);
        }
    }

    /**
     * 24.11 and 26.05, and every policy that emulates no Slurm: the pass runs before the harness's next step. The
     * newer releases schedule from their own thread at the next whole second; measured, the 22.05 timing lowered
     * their held-out scores (24.11 260 to 256, 26.05 254 to 248; cmx22), so the replay keeps its order there.
     */
    record BeforeNextStep() implements PassTiming {
        @Override
        public boolean passWaitsForNextCancel() {
            return false;
        }

        /**
         * The next whole second after the RPC: {@code _slurmctld_background} ({@code controller.c}, 24.11.5 and 26.05)
         * waits on {@code slurm_cond_timedwait} until {@code time(NULL) + 1} with no fraction, and runs the pass {@code
         * queue_job_scheduler} asked for when it wakes ({@code batch_sched_delay=0}); measured 0-30 ms after the second
         * for 275 of 281 submissions of five timed runs (section t18b of {@code src/test/resources/oracle/PROVENANCE.md}).
         * {@code _slurm_rpc_submit_batch_job} ({@code proc_req.c}, 24.11.5 and 26.05) logs the RPC, answers sbatch and
         * saves state before it calls {@code queue_job_scheduler}, so an RPC logged in the last milliseconds of a second
         * can find that round already awake with {@code job_sched_cnt} 0: the pass is the next round's, a second later
         * (t18b's cmx19 24.11; lead's featfz12 f0 under 26.05.5, RPC at .995, no pass logged until the next second's
         * .006). So a timed run's own log says which pass it was, and that need not be the one the submission queued:
         * the RPC unlocks the job write lock after {@code job_allocate} made the job record and only then logs, while
         * {@code _schedule} ({@code job_scheduler.c}) logs "Running job scheduler" after it took that lock and builds
         * its queue from {@code job_list} ({@code build_job_queue}), so every pass logged at or after the RPC has the
         * job, whoever asked for it. A round that woke at the RPC's own whole second but had not reached its {@code
         * job_sched_cnt} test yet (its earlier work waited on the RPC's locks) runs it in that very second: lead's
         * yamlfz48 y39 under 26.05.5, RPC and pass both logged at :30.001, started by that pass ("started" [39]),
         * RUNNING at the look. The first pass logged at or after the RPC, then; the whole second when none was logged.
         */
        @Override
        public double queuedPassAt(double rpc, List<Double> passes) {
            double second = Math.floor(rpc) + 1;
            return passes.stream().filter(t -> t >= rpc).findFirst().orElse(second);
        }
    }

    /** The timing of {@code release}'s slurmctld. */
    static PassTiming of(SlurmVersion release) {
        return release.atLeast(SlurmVersion.V24_11) ? new BeforeNextStep() : new AfterNextCancel();
    }

    /** The timing of the release a policy emulates ({@link BeforeNextStep} when it emulates none). */
    static PassTiming of(Optional<SlurmVersion> release) {
        return release.map(PassTiming::of).orElseGet(BeforeNextStep::new);
    }

    /**
     * Whether the starts the replay's pass made after a submission behind pending jobs are taken back at the
     * harness's next cancel of a running job, to be made again by the pass that cancel runs.
     */
    boolean passWaitsForNextCancel();

    /**
     * When the pass a submission queued ({@code queue_job_scheduler}: the submit RPC only tests a batch job, {@code
     * job_allocate} with {@code allocate == 0}, 22.05.8, 24.11.5 and 26.05) begins, by this timing's rule, given the
     * RPC's time and the passes a timed run logged ({@link MeasuredRun}); NaN when the rule needs a logged pass and
     * none followed. Epoch seconds.
     */
    double queuedPassAt(double rpc, List<Double> passes);
}
