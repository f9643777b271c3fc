package org.topoplanner.allocator.replay;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Wall-clock times a timed harness run measured ({@code .ci/oracle-timed/run-timed.sh}): per submission, when its RPC
 * reached slurmctld, when the harness read the job's state and when the harness's next step began; and when each of
 * slurmctld's scheduling passes began (its {@code SlurmSchedLogFile}). With them the replay need not guess which came
 * first, the pass a submission queued or the harness's look at it: the outputs the harness stores without times leave
 * that a race ({@link PassTiming}). All times are epoch seconds.
 *
 * @param submissions the measured submissions by the harness's {@code seq} (every {@code job} step counts, a
 *                    refused one too)
 * @param passes      the start of every scheduling pass slurmctld logged, ascending
 * @param cancelEnds  when cancelled running jobs' nodes stopped COMPLETING, as measured ({@link CancelEnds})
 */
public record MeasuredRun(Map<Integer, Submission> submissions, List<Double> passes, CancelEnds cancelEnds) {

    /**
     * How long before its end a look's {@code scontrol show job} has its answer: the RPC ({@code
     * REQUEST_JOB_INFO_SINGLE}, under the job read lock) comes after the command's start-up, so a pass that began
     * inside the look but earlier than this before its end held the job write lock first and the look printed what it
     * left; a pass in the last moments may have come after the answer (either order). A timing model measured on the
     * stored timed runs, not a Slurm rule. Every stored timed submission whose starting pass fell inside the look
     * (w21n, 33 lines): shown PENDING (the look first) when the pass began 4, 6, 15 and 15 ms before the look ended
     * (featfz10 f55 26.05.5, featfz10 f27 and cmx2-timed m51 22.05.8, cmx20-rerun m37 24.11.5), shown RUNNING at 18 ms
     * (cmx22 m15 24.11.5), 19 ms (featfz12 f23 24.11.5), 32-50 ms (featfz11 f85 f79 f44 26.05.5, f65 24.11.5,
     * cmx20-rerun m10 24.11.5) and at every point from 86 to 326 ms; the one exception is cmx21 m53 (26.05.5, shown
     * PENDING at 52 ms, in a 225 ms look). n19e set 60 ms when only the 15 ms and the 116 ms points were known.
     * Sections n19e and w21n of {@code src/test/resources/oracle/PROVENANCE.md}.
     */
    static final double REPLY_TAIL_SECONDS = 0.017;

    /** A run without times: the replay keeps its release's {@link PassTiming} for every submission. */
    public static final MeasuredRun NONE = new MeasuredRun(Map.of(), List.of());

    public MeasuredRun {
        submissions = Map.copyOf(submissions);
        passes = passes.stream().sorted().toList();
        java.util.Objects.requireNonNull(cancelEnds, "cancelEnds");
    }

    /** A run whose cancels' ends are unknown. */
    public MeasuredRun(Map<Integer, Submission> submissions, List<Double> passes) {
        this(submissions, passes, CancelEnds.NONE);
    }

    /**
     * A run with its cancels' step ends by their logged kill RPC and its "default depth" passes ({@link CancelEnds}).
     */
    public MeasuredRun(Map<Integer, Submission> submissions, List<Double> passes, Map<Double, Double> cancelStepEnds,
                       List<Double> defaultDepthPasses) {
        this(submissions, passes, new CancelEnds(cancelStepEnds, defaultDepthPasses));
    }

    /**
     * One submission's times.
     *
     * @param name      the job's name, which the replay's submission must have for the times to be its own
     * @param rpc       when slurmctld logged the submission RPC ({@code _slurm_rpc_submit_batch_job}, after
     *                  {@code job_allocate}, before the reply and {@code queue_job_scheduler} in 22.05.8, 24.11.5 and
     *                  26.05); sbatch's return when not logged
     * @param lookStart when the {@code scontrol show job} whose answer the harness printed started
     * @param lookEnd   when it returned
     * @param nextStep  when the harness's next step reached slurmctld (the next submission's RPC, or the start of a
     *                  cancel, reset or sleep); positive infinity when none followed
     * @param nextStepLogged whether {@code nextStep} is slurmctld's own time of that step's RPC (a submission's, or a
     *                  cancel's logged {@code REQUEST_KILL_JOB}); false when it is the harness's start of the step,
     *                  which comes before the RPC by scancel's start-up (23-330 ms in the timed runs)
     * @param lookRpc   when slurmctld received the look's {@code REQUEST_JOB_INFO_SINGLE} ({@code t_look_rpc},
     *                  logged under the opt-in {@code ORACLE_TIMED_LOOKS=1}); NaN when not logged ({@link LookOrder})
     */
    public record Submission(String name, double rpc, double lookStart, double lookEnd, double nextStep,
                             boolean nextStepLogged, double lookRpc) {
        /** A submission whose look's RPC was not logged. */
        public Submission(String name, double rpc, double lookStart, double lookEnd, double nextStep,
                          boolean nextStepLogged) {
            this(name, rpc, lookStart, lookEnd, nextStep, nextStepLogged, Double.NaN);
        }

        /** A submission whose next step's time is slurmctld's own. */
        public Submission(String name, double rpc, double lookStart, double lookEnd, double nextStep) {
            this(name, rpc, lookStart, lookEnd, nextStep, true);
        }
    }

    /** Where the pass a submission queued fell, measured. */
    public enum QueuedPass {
        /** It began before the harness's look: the harness printed the job as that pass left it. */
        BEFORE_LOOK,
        /**
         * It began after the look's answer but before the harness's next step: what it started is running when that
         * step reaches slurmctld.
         */
        BEFORE_NEXT_STEP
    }

    /**
     * When the pass submission {@code seq} (of job {@code name}) queued began, by {@code timing}'s rule, and when the
     * harness's next step reached slurmctld, if that pass began at or after it; empty otherwise (no times, another
     * job, no next step, the pass came first, or only the harness's start of the step is known: own timed run
     * cmx19-timed, 24.11.5, m68 and m70 started by the pass at :08.002, 43 ms after the cancel of m61 began, as the
     * replay's pass before that cancel has them). Such a pass serves the next step too: a cancel of a running job
     * reaches slurmctld before it, so the pass sees that job's resources free.
     */
    public Optional<double[]> passAfterNextStep(int seq, String name, PassTiming timing) {
        Submission s = submissions.get(seq);
        if (s == null || !s.name().equals(name) || Double.isInfinite(s.nextStep()) || !s.nextStepLogged()) {
            return Optional.empty();
        }
        double pass = timing.queuedPassAt(s.rpc(), passes);
        return !Double.isNaN(pass) && pass >= s.nextStep() ? Optional.of(new double[] {pass, s.nextStep()})
                : Optional.empty();
    }

    /**
     * The further passes slurmctld logged after the one submission {@code seq} (of job {@code name}) queued: those
     * that began before the harness's look (by {@link #queuedPass}'s rule) and those that began after the look but
     * before the harness's next step, each a whole {@code schedule()} over the queue. Most are the periodic pass
     * ({@code sched_interval=2}: "Running job scheduler for full queue", {@code _slurmctld_background}), which the
     * harness's steps otherwise leave out of the replay; a second pass can word a job differently from the first,
     * because the first started jobs whose failed records had blocked a partition. None without times.
     */
    public FurtherPasses furtherPasses(int seq, String name, PassTiming timing) {
        Submission s = submissions.get(seq);
        if (s == null || !s.name().equals(name) || Double.isInfinite(s.nextStep())) {
            return FurtherPasses.NONE;
        }
        double queued = timing.queuedPassAt(s.rpc(), passes);
        if (Double.isNaN(queued)) {
            return FurtherPasses.NONE;
        }
        int beforeLook = 0;
        int afterLook = 0;
        for (double p : passes) {
            if (p <= queued || p >= s.nextStep()) {
                continue;
            }
            LookOrder order = LookOrder.of(s, p);
            if (order == LookOrder.PASS_FIRST) {
                beforeLook++;
            } else if (order == LookOrder.ANSWER_FIRST) {
                afterLook++;
            }
        }
        return new FurtherPasses(beforeLook, afterLook);
    }

    /**
     * Counts of logged passes after a submission's queued one ({@link #furtherPasses}).
     *
     * @param beforeLook the passes that began before the harness's look
     * @param afterLook  the passes that began after the look and before the harness's next step
     */
    public record FurtherPasses(int beforeLook, int afterLook) {
        static final FurtherPasses NONE = new FurtherPasses(0, 0);
    }

    /**
     * Whether the harness's look at submission {@code seq} (of job {@code name}) ended before the pass it queued
     * began, by {@code timing}'s rule: then the harness read a reason some other thread left ({@link
     * BuiltinAgentLook}). False without times for it.
     */
    public boolean lookEndedBeforeQueuedPass(int seq, String name, PassTiming timing) {
        Submission s = submissions.get(seq);
        if (s == null || !s.name().equals(name)) {
            return false;
        }
        double pass = timing.queuedPassAt(s.rpc(), passes);
        return !Double.isNaN(pass) && LookOrder.of(s, pass) == LookOrder.ANSWER_FIRST;
    }

    /**
     * Where the pass submission {@code seq} (of job {@code name}) queued fell, by {@code timing}'s rule for when that
     * pass runs ({@link PassTiming#queuedPassAt}), against the look's answer ({@link LookOrder}); empty when the run
     * has no times for it, when either order is possible, when the run's submission {@code seq} is of another job, or
     * after the next step began (the release's {@link PassTiming} then decides, as for an output without times).
     */
    public Optional<QueuedPass> queuedPass(int seq, String name, PassTiming timing) {
        Submission s = submissions.get(seq);
        if (s == null || !s.name().equals(name)) {
            return Optional.empty();
        }
        double pass = timing.queuedPassAt(s.rpc(), passes);
        if (Double.isNaN(pass)) {
            return Optional.empty();
        }
        LookOrder order = LookOrder.of(s, pass);
        if (order == LookOrder.PASS_FIRST) {
            return Optional.of(QueuedPass.BEFORE_LOOK);
        }
        if (order == LookOrder.ANSWER_FIRST && pass < s.nextStep()) {
            return Optional.of(QueuedPass.BEFORE_NEXT_STEP);
        }
        return Optional.empty();
    }

    /**
     * Whether slurmctld logged no pass from submission {@code jobSeq}'s RPC (of job {@code jobName}) until the next
     * step after submission {@code lastSeq} (of job {@code lastName}) reached it, as logged: the job cannot have
     * started in between (slurmctld starts a batch job only in a pass: the submit RPC only tests it, {@code
     * job_allocate} with {@code allocate == 0}). False without those times.
     */
    public boolean noPassBetween(int jobSeq, String jobName, int lastSeq, String lastName) {
        Submission job = submissions.get(jobSeq);
        Submission last = submissions.get(lastSeq);
        if (job == null || last == null || !job.name().equals(jobName) || !last.name().equals(lastName)
                || Double.isInfinite(last.nextStep()) || !last.nextStepLogged()) {
            return false;
        }
        return passes.stream().noneMatch(p -> p >= job.rpc() && p < last.nextStep());
    }
}
