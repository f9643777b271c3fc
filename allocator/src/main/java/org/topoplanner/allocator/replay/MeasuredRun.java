package org.topoplanner.allocator.replay;

import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 * @param builds      when sched/builtin's agent built its queue, from the run's failed limit checks ({@link
 *                    BuiltinBuilds}); {@link BuiltinBuilds#NONE} when the run logged none
 * @param laterLooks  when slurmctld answered each snapshot and final look, by {@link #lookKey}, in the harness's
 *                    order (the look's logged RPC, else its end less {@link #REPLY_TAIL_SECONDS})
 */
public record MeasuredRun(Map<Integer, Submission> submissions, List<Double> passes, CancelEnds cancelEnds,
                          BuiltinBuilds builds, Map<String, List<Double>> laterLooks) {

    /**
     * How long before its end a look's {@code scontrol show job} has its answer, when the run did not log the look's
     * RPC ({@link LookOrder}): a pass that began inside the look but earlier than this before its end counts as before
     * the answer (the look printed what it left); one in the last 17 ms is either order. A timing model, not a Slurm
     * rule. Measured (m22t, own probe c22m1 with {@code ORACLE_TIMED_LOOKS=1}, 42 looks per release): slurmctld
     * receives the RPC late in the look, after scontrol's start-up, and answers at once unless a pass holds the job
     * write lock; from the RPC's receipt to the look's end, on the looks that printed PENDING (answered at once),
     * 3-16 ms (median 5, 22.05.8), 5-77 ms (median 18, 24.11.5, a loaded run), 4-63 ms (median 9, 26.05.5); from the
     * look's start to the RPC 8-145, 74-410 and 48-173 ms, wider, so the look's end is the better anchor (not its
     * start plus a start-up time). "A pass logged after the submission and before the RPC's receipt started the job"
     * gave the printed state of all 120 probe submissions (40 per release; 7 passes inside the look). The tail
     * spread overlaps the passes shown as before the answer, so no tail separates every stored point: the points
     * without the RPC's time (w21n, 33 lines) show the look first at 4, 6, 15, 15 and 52 ms before the end (featfz10
     * f55 26.05.5, featfz10 f27 and cmx2-timed m51 22.05.8, cmx20-rerun m37 24.11.5, cmx21 m53 26.05.5, whose tail
     * was at least 52 ms, inside the measured spread), the pass first at 18, 19, 32, 34, 44, 45, 50 ms and from 86
     * ms on; c22m1 adds the look first at 26 ms (26.05.5 p2) and 14 ms (22.05.8 p20), the pass first at 22 ms (22.05.8
     * p21) and 45 ms (26.05.5 p23). 17 ms errs on m53 and p2 only, as any tail from 16 to 18 ms; every other tail on
     * more. Sections n19e, w21n and m22t of {@code src/test/resources/oracle/PROVENANCE.md}.
     */
    static final double REPLY_TAIL_SECONDS = 0.017;

    /** A run without times: the replay keeps its release's {@link PassTiming} for every submission. */
    public static final MeasuredRun NONE = new MeasuredRun(Map.of(), List.of());

    public MeasuredRun {
        submissions = Map.copyOf(submissions);
        passes = passes.stream().sorted().toList();
        Objects.requireNonNull(cancelEnds, "cancelEnds");
        Objects.requireNonNull(builds, "builds");
        laterLooks = Map.copyOf(laterLooks);
    }

    /** A run whose agent builds and later looks are unknown. */
    public MeasuredRun(Map<Integer, Submission> submissions, List<Double> passes, CancelEnds cancelEnds) {
        this(submissions, passes, cancelEnds, BuiltinBuilds.NONE, Map.of());
    }

    /** This run with sched/builtin's {@code builds} and the answers of its snapshot and final looks. */
    public MeasuredRun withBuilds(BuiltinBuilds builds, Map<String, List<Double>> laterLooks) {
        return new MeasuredRun(submissions, passes, cancelEnds, builds, laterLooks);
    }

    /** The key of {@link #laterLooks} for a look of kind {@code when} ("snapshot", "final") at job {@code name}. */
    public static String lookKey(String when, String name) {
        return when + " " + name;
    }

    /** When slurmctld answered a look: its logged RPC, else its end less {@link #REPLY_TAIL_SECONDS}. */
    public static double answerAt(double lookRpc, double lookEnd) {
        return Double.isNaN(lookRpc) ? lookEnd - REPLY_TAIL_SECONDS : lookRpc;
    }

    /**
     * When slurmctld answered the {@code index}-th (from 0) look of kind {@code when} at job {@code name}; NaN when
     * not measured.
     */
    double laterLookAt(String when, String name, int index) {
        List<Double> at = laterLooks.getOrDefault(lookKey(when, name), List.of());
        return index < at.size() ? at.get(index) : Double.NaN;
    }

    /** When slurmctld answered the look at submission {@code seq} (of job {@code name}); NaN without times. */
    double submissionLookAt(int seq, String name) {
        Submission s = submissions.get(seq);
        return s == null || !s.name().equals(name) ? Double.NaN : answerAt(s.lookRpc(), s.lookEnd());
    }

    /**
     * Whether the last thing to word reasons before a look answered at {@code look} was a sched/builtin build after
     * {@code since} (the job's submission RPC), not a logged pass: each rewrites the reasons of the whole queue, so
     * the look reads whichever came last (own probe c23f1, 24.11.5: g5 reads none at 77.445, after the build at
     * 77.364, the last pass at 76.006; g3 reads its pass's Priority at 77.220, before that build). False when either
     * time or the builds are unknown.
     */
    boolean buildLastBefore(double since, double look) {
        double build = builds.lastAtOrBefore(look);
        if (Double.isNaN(build) || Double.isNaN(since) || Double.isNaN(look) || build < since) {
            return false;
        }
        return passes.stream().noneMatch(p -> p > build && p <= look);
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
     * A run with its cancels' step ends by their logged kill RPC, its "default depth" passes and every cancel step's
     * kill RPC in the script's order ({@link CancelEnds}).
     */
    public MeasuredRun(Map<Integer, Submission> submissions, List<Double> passes, Map<Double, Double> cancelStepEnds,
                       List<Double> defaultDepthPasses, List<Double> cancelKillRpcs) {
        this(submissions, passes, new CancelEnds(cancelStepEnds, defaultDepthPasses, cancelKillRpcs));
    }

    /**
     * One submission's times.
     *
     * @param name      the job's name, which the replay's submission must have for the times to be its own
     * @param rpc       when slurmctld logged the submission RPC ({@code _slurm_rpc_submit_batch_job}, after
     *                  {@code job_allocate}, before the reply and {@code queue_job_scheduler} in 22.05.8, 24.11.5 and
     *                  26.05); sbatch's return when not logged; the job's start when a pass logged before that RPC
     *                  started it (the RPC is logged after {@code unlock_slurmctld}, so a pass can take the lock first)
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
     * When submission {@code seq} (of job {@code name}) reached slurmctld: its logged RPC (sbatch's return when not
     * logged); NaN without times.
     */
    public double rpcOf(int seq, String name) {
        Submission s = submissions.get(seq);
        return s == null || !s.name().equals(name) ? Double.NaN : s.rpc();
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
