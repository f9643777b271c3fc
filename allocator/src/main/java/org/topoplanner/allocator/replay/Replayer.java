package org.topoplanner.allocator.replay;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.replay.JobScript;
import org.topoplanner.model.replay.ReplayEvent;
import org.topoplanner.model.replay.ReplayEvent.JobState;
import org.topoplanner.model.replay.ReplayEvent.Moment;
import org.topoplanner.model.slurm.SlurmPartition;

/**
 * Runs a {@link JobScript} under a policy in virtual time and reports what the real harness prints:
 * one event per submitted job (its state right after the scheduler looked at it), per snapshot, and
 * a {@code final} one per job still alive at the end. The events are values; the importers write
 * them as the harness's JSON lines ({@code importers.replay.ReplayLine}).
 *
 * <p>Scheduling is {@code sched/builtin}'s pass ({@link #schedule}): after every step the queue is tried in
 * submission order; the first job that cannot start stops the pass and every later job waits with
 * {@code Reason=Priority}, unless that job's {@code -w} nodes cover its node count (then only those nodes
 * are out of the pass). A job submitted behind pending ones shows {@code Priority} at submission, before
 * the pass that may start it ({@link #submit}). A {@link Suggestion.Waiting} job ({@code --switches}) starts on its
 * allocation once its wait since submission has passed.
 *
 * <p>Each step's options are read with {@link SbatchOptions#parse}; options sbatch would refuse
 * give a {@code REJECTED} line naming them, as the real {@code sbatch} refuses the submission.
 */
public final class Replayer {
    private final PlacementPolicy policy;
    /** When slurmctld's queued pass runs against the harness's next step: the release's, not the policy's. */
    private final PassTiming timing;
    /** A timed run's measured times ({@link MeasuredRun#NONE} for a replay of its own). */
    private final MeasuredRun measured;
    /** The harness's {@code seq} of the last submission: it counts every job step, a refused one too. */
    private int seq;
    private ClusterState state;
    private double now;
    /**
     * Every job by its key: the script's name, or for a second job of a name still known, the name
     * and a number (Slurm allows any number of jobs of one name; each has its own job id).
     */
    private final Map<String, Job> jobs = new LinkedHashMap<>();
    /** The keys of the jobs of each name, in submission order: {@code scancel -n} cancels them all. */
    private final Map<String, List<String>> byName = new java.util.HashMap<>();
    /**
     * The pending jobs in submission order: what a scheduling pass walks. Kept apart from {@link #jobs},
     * which also holds running and cancelled jobs for snapshots, so a pass costs the queue, not the history.
     */
    private final Map<String, Job> queue = new LinkedHashMap<>();
    /** Where events go as they happen: a long replay is written out, not held. */
    private java.util.function.Consumer<ReplayEvent> out;
    private final Map<JobRequest, Suggestion> onEmptyCluster = new java.util.HashMap<>();
    /**
     * Jobs the replay started in the pass right after a submission behind pending ones, while the harness
     * went on submitting (0.02-0.2 s a job). slurmctld's background thread runs that pass at most about once a
     * second ({@code _slurmctld_background} sleeps 10 x 0.1 s a round), so these have mostly not started when
     * the next {@code sbatch} tests its job ({@link #submitTest}) or asks whether it is top priority; they count as
     * started again after a step the harness waits on (a cancel that frees a running job, a sleep, a reset, a job
     * that started at its submission).
     */
    private final java.util.Set<String> startedUnseen = new java.util.HashSet<>();
    /** The jobs the current pass started. */
    private final List<String> passStarted = new ArrayList<>();
    /**
     * The jobs the pass after the last step started, when that step was a submission behind pending jobs: slurmctld
     * runs that pass at its next round, after a cancel the harness sends at once (see the cancel in {@link #replay}).
     */
    private List<String> lastPassStarts = List.of();
    /**
     * The starts the replay's passes made after submissions whose measured pass ({@link MeasuredRun#passAfterNextStep})
     * began after the harness's next step, with that pass's time; and when the last submission's next step reached
     * slurmctld. A cancel of a running job that comes before such a pass takes those starts back, as {@link
     * PassTiming.AfterNextCancel} does for every such cancel.
     */
    private final List<Map.Entry<Double, List<String>>> measuredLaterPasses = new ArrayList<>();
    private double lastNextStep = Double.NaN;

    /** A job the replay knows: pending (no placement) or running. */
    private static final class Job {
        final String name;
        final JobRequest spec;
        final double submitted;
        Placement placement;
        String reason;
        boolean gone;
        /** The last answer for this pending job and the state and time it was asked in. */
        Suggestion asked;
        ClusterState askedIn;
        double askedAt;
        JobRequest askedFor;

        Job(String name, JobRequest spec, double submitted) {
            this.name = name;
            this.spec = spec;
            this.submitted = submitted;
        }
    }

    /** A replay under {@code policy}, with the scheduler timing of the Slurm release it emulates ({@link PassTiming}). */
    public Replayer(Cluster cluster, PlacementPolicy policy) {
        this(cluster, policy, PassTiming.of(policy.slurmRelease()));
    }

    /** A replay under {@code policy} whose scheduler passes run as {@code timing} says. */
    public Replayer(Cluster cluster, PlacementPolicy policy, PassTiming timing) {
        this(cluster, policy, timing, MeasuredRun.NONE);
    }

    /**
     * A replay under {@code policy} whose scheduler passes run as {@code timing} says, except where {@code measured}
     * (a timed harness run of the same script) places the pass a submission queued before the harness's look or
     * before its next step.
     */
    public Replayer(Cluster cluster, PlacementPolicy policy, PassTiming timing, MeasuredRun measured) {
        this.policy = policy;
        this.timing = java.util.Objects.requireNonNull(timing, "timing");
        this.measured = java.util.Objects.requireNonNull(measured, "measured");
        this.state = ClusterState.empty(cluster);
    }

    /** Runs the script and returns what happened, in the harness's order. */
    public List<ReplayEvent> run(JobScript script) {
        List<ReplayEvent> all = new ArrayList<>();
        run(script, all::add);
        return List.copyOf(all);
    }

    /** Runs the script, handing each event to {@code events} as it happens, in the harness's order. */
    public void run(JobScript script, java.util.function.Consumer<ReplayEvent> events) {
        this.out = java.util.Objects.requireNonNull(events, "events");
        int number = 0;
        for (JobScript.Step step : script.steps()) {
            number++;
            try {
                replay(step);
            } catch (RuntimeException e) {
                // A defect must not cost the rest of the replay: said where it happened, and the script goes on.
                out.accept(new ReplayEvent.Note("step " + number + " could not be replayed (internal error: "
                        + e + "); please report it with the script"));
            }
        }
        // the harness's last look comes after slurmctld's periodic pass (sched_interval), whatever the last step was
        schedule();
        jobs.keySet().stream().filter(n -> !jobs.get(n).gone).forEach(n -> emit(Moment.FINAL, n));
    }

    private void replay(JobScript.Step step) {
        List<String> queuedPassStarts = lastPassStarts;
        if (!(step instanceof JobScript.Submit || step instanceof JobScript.Cancel || step instanceof JobScript.Note
                || step instanceof JobScript.Snapshot)) {
            measuredLaterPasses.clear();
        }
        if (!(step instanceof JobScript.Note)) {
            lastPassStarts = List.of();
        }
        // a cancel of pending jobs only is no step the harness waits on: squeue stops listing them at once and
        // slurmctld queues no pass for them, so the jobs its background pass has not started yet stay pending
        if (!(step instanceof JobScript.Submit || step instanceof JobScript.Note
                || step instanceof JobScript.Snapshot
                || step instanceof JobScript.Cancel)) {
            startedUnseen.clear();
        }
        if (step instanceof JobScript.Submit s) {
            if (!submit(s)) {
                // a refused submission queues no pass (the submit RPC fails before queue_job_scheduler), so the pass
                // the submission before it queued is still to come, and a cancel right after still precedes it (own
                // case blockfz43: k21 submitted, k22 refused, k19 cancelled; the pass then starts k20 first and k21
                // on f4, which the pending k19 had kept out of the earlier pass, 24.11.5 and 26.05.5)
                lastPassStarts = queuedPassStarts;
            }
        } else if (step instanceof JobScript.Cancel c) {
            boolean freed = c.names().stream().anyMatch(this::runs);
            List<String> measuredLater = freed ? startsOfPassesAfter(lastNextStep) : List.of();
            if (freed && timing.passWaitsForNextCancel()) {
                // the pass that started them comes after this cancel (PassTiming.AfterNextCancel)
                unstartUnseen();
            } else if (freed && !measuredLater.isEmpty()) {
                // measured: the pass the submissions before queued began after this cancel reached slurmctld, so
                // it ran (or the cancel's own pass, _slurm_rpc_epilog_complete, ran first) with the cancelled job's
                // resources free. Own timed rerun featfz5-timed, 24.11.5: f36 and f37 submitted at :71.259 and
                // :71.453, f35 cancelled at :71.602, the cancel's pass at :71.661 starts both, f37 on f35's cores
                // (c16-27 of a1), where the replay's pass before the cancel had put it beside f35.
                unstart(measuredLater);
                startedUnseen.clear();
            } else if (freed) {
                startedUnseen.clear();
            }
            List<String> queuedPass = !freed && c.names().stream().anyMatch(this::waits) ? queuedPassStarts : List.of();
            if (!queuedPass.isEmpty()) {
                // the pass the submission just before queued (queue_job_scheduler) has not run yet: 24.11's and
                // 26.05's _slurmctld_background (controller.c) runs it at the next whole second (slurm_cond_timedwait
                // until time(NULL) + 1), 22.05's later still (PassTiming), while job_signal (job_mgr.c, all three)
                // ends a pending job inside the scancel RPC and queues no pass, and the harness sends the cancel
                // 0.1-0.3 s after that submission. So that pass sees the queue without the cancelled job, and the
                // starts made as if it were there are made again (own probe c16a1, 24.11.5, three times: m12
                // submitted behind m11 at :55.135, m11 cancelled at :55.328, the pass at :56.000 starts m12 on
                // c[1-2], which m11's -w c2 kept out of the replay's earlier pass)
                unstart(queuedPass);
            }
            c.names().forEach(this::cancel);
            // only a job that ran frees nodes and makes slurmctld queue a pass at its end (epilog complete);
            // scancel of a pending job queues none, so the next look is the next submission's (own case
            // blockfz14 k12 under 24.11.5 and 26.05.5: k11 still waits with Priority behind the cancelled k8)
            if (freed) {
                schedule();
            } else if (!queuedPass.isEmpty()) {
                // the queued pass, now after the cancel; its starts are as unseen by the next submission as before
                passStarted.clear();
                schedule();
                startedUnseen.addAll(passStarted);
            }
        } else if (step instanceof JobScript.Reset) {
            List.copyOf(jobs.keySet()).forEach(this::cancelKey);
            schedule();
        } else if (step instanceof JobScript.Sleep s) {
            now += s.seconds();
            schedule();
        } else if (step instanceof JobScript.Snapshot s) {
            List<String> keys = s.names().isEmpty() ? List.copyOf(jobs.keySet())
                    : s.names().stream().flatMap(n -> byName.getOrDefault(n, List.of()).stream()).toList();
            keys.forEach(k -> emit(Moment.SNAPSHOT, k));
        } else if (step instanceof JobScript.Note n) {
            out.accept(new ReplayEvent.Note(n.text()));
        }
        // JobScript.Show: the harness prints scontrol output; a replay has none.
    }

    /** Submits {@code s}; false when sbatch refuses it (a {@code REJECTED} line, no job). */
    private boolean submit(JobScript.Submit s) {
        seq++;
        JobRequest spec;
        String key = uniqueKey(s.name());
        try {
            // the key identifies the job in the cluster state; the script's name is what is printed
            spec = SbatchOptions.parse(s.args(), s.name()).withName(key);
        } catch (JobRequestException e) {
            out.accept(new ReplayEvent.Rejected(s.name(), s.args(), e.getMessage()));
            return false;
        }
        // whether the job can ever run depends on the request alone: scripts repeat requests, so ask once each
        Suggestion onEmpty = onEmptyCluster.computeIfAbsent(spec.withName(""),
                r -> policy.suggest(ClusterState.empty(state.cluster()), spec));
        // slurmctld refuses only when the job cannot start now either (_pick_best_nodes tries the nodes as they
        // are first, then all nodes test-only): topology/block fills the block it picks, so a job the empty
        // cluster refuses (its block lacks GPUs) may start on the busy one (own case blockfz07 k7, -N3 --gpus=10,
        // 24.11.5 and 26.05.5)
        if (onEmpty instanceof Suggestion.Impossible imp
                && !(queue.isEmpty() && policy.suggest(state, spec) instanceof Suggestion.Placed)
                && !passesOnUsableNodes(spec)) {
            out.accept(new ReplayEvent.Rejected(s.name(), s.args(), imp.reason()));
            return false;
        }
        Job job = new Job(s.name(), spec, now);
        jobs.put(key, job);
        byName.computeIfAbsent(s.name(), n -> new ArrayList<>()).add(key);
        // sbatch only tests a batch job (job_allocate, allocate == 0); a job behind pending ones of an overlapping
        // partition is not top priority and gets Priority at once (or Resources from the test, submitTest), which
        // is what the harness sees. The scheduler pass that starts
        // jobs follows the submission (queue_job_scheduler, run by the background thread within 0.1 s), after
        // the harness's look, so its outcome shows in the next lines only.
        // _top_priority passes over a pending job whose reason is a JSR_MISC one such as ReqNodeNotAvail (own case
        // blockfz05 k32 under 24.11.5 starts at once behind k31, which waits with ReqNodeNotAvail) or a JSR_PART one
        // such as PartitionNodeLimit (22.05: part_policy_job_runnable_state; probe c22k1 b4 starts at once behind q5),
        // not PartitionConfig or MaxMemPerLimit (c22k1 b1-b3 wait Priority behind q1)
        boolean top = queue.values().stream().noneMatch(ahead -> holdsBack(ahead, spec)
                && !reqNodeNotAvail(ahead.reason)
                && !partitionState(ahead.reason))
                && noneStartedUnseenAhead(spec);
        queue.put(key, job);
        // a partition limit (MaxMemPerLimit, more CPUs or nodes than the partition has) holds the job whatever the
        // nodes hold: its submission shows what the policy's Slurm says there (own cases mem2g, mem3b, mem3d; probe
        // c22k1 q2-q4, behind the held q1)
        String held = onEmpty instanceof Suggestion.Pending p && !p.reason().blocksJobsBehind()
                && p.reason() != PendingReason.REQ_NODE_NOT_AVAIL ? policy.heldAtSubmit(p.reason(), !top) : null;
        if (top) {
            startedUnseen.clear();
            // sbatch's test comes before the pass; when it fails it sets the reason and the harness, which waits
            // for a reason, reads that one (own case blockfz12 k30, -N2 --exclusive under 26.05.5: the test sees
            // the idle nodes whole, so the block plugin runs and fails with No_suitable_topology_unit_found, where
            // the pass, whose node map has lost an --exclusive=topo job's base block, fails before it)
            String tested = testedAtSubmit(onEmpty) ? submitTest(spec) : null;
            if (tested != null && !tested.equals(PendingReason.PRIORITY.slurmName())) {
                // the test failed, so job_allocate left a reason on the job at once, and the harness, which waits
                // only for a reason, reads it before the pass the submission queued, which may then start the job
                // on the busy cluster: a pick of more nodes than max_nodes (_pick_best_nodes: runable_avail false,
                // ESLURM_NODE_NOT_AVAIL; probe s22dsock p31, 22.05.8: the pass came 0.86 s later), or a test whose
                // pick on the usable nodes, each seen with all its resources, fails where the pass would not
                // (24.11's eval_nodes_block takes one block, b1 with the idle-seen h1, and tries no other: own
                // case blockfz06 k9 and probe blk8k9, 24.11.5; section blk8 of src/test/resources/oracle/PROVENANCE.md)
                job.reason = tested;
                lookAndQueuedPass(key);
                return true;
            }
            schedule();
            if (held != null) {
                job.reason = held;
            }
            emit(Moment.SUBMIT, key);
        } else {
            job.reason = held != null ? held
                    : testedAtSubmit(onEmpty) ? submitTest(spec) : PendingReason.PRIORITY.slurmName();
            lookAndQueuedPass(key);
        }
        return true;
    }

    /**
     * The harness's look at a job whose submission only queued a pass ({@code queue_job_scheduler}), and that pass.
     * Without times the look comes first and the pass's starts stay unseen by the next submission ({@link
     * #startedUnseen}; under 22.05 until the next cancel, {@link PassTiming}). A timed run ({@link MeasuredRun}) says
     * where the pass fell: before the look, the harness printed the job as the pass left it (RUNNING, or the pass's
     * reason); before the next step, that step finds the pass's starts made. Either way slurmctld has run every pass
     * the replay ran so far by then (a pass serves every request queued before it: {@code _slurmctld_background}
     * zeroes {@code job_sched_cnt}), so nothing stays unseen. Own timed runs: section t18b of {@code
     * src/test/resources/oracle/PROVENANCE.md}.
     */
    private void lookAndQueuedPass(String key) {
        java.util.Optional<MeasuredRun.QueuedPass> pass = measured.queuedPass(seq, jobs.get(key).name, timing);
        if (pass.isEmpty()) {
            emit(Moment.SUBMIT, key);
            passStarted.clear();
            schedule();
            startedUnseen.addAll(passStarted);
            lastPassStarts = List.copyOf(passStarted);
            java.util.Optional<double[]> later = measured.passAfterNextStep(seq, jobs.get(key).name, timing);
            if (later.isPresent()) {
                measuredLaterPasses.add(Map.entry(later.get()[0], List.copyOf(passStarted)));
                lastNextStep = later.get()[1];
            } else {
                measuredLaterPasses.clear();
                lastNextStep = Double.NaN;
            }
            return;
        }
        measuredLaterPasses.clear();
        lastNextStep = Double.NaN;
        MeasuredRun.FurtherPasses further = measured.furtherPasses(seq, jobs.get(key).name, timing);
        if (pass.get() == MeasuredRun.QueuedPass.BEFORE_LOOK) {
            schedule();
            java.util.stream.IntStream.range(0, further.beforeLook()).forEach(i -> schedule());
            emit(Moment.SUBMIT, key);
        } else {
            emit(Moment.SUBMIT, key);
            schedule();
        }
        java.util.stream.IntStream.range(0, further.afterLook()).forEach(i -> schedule());
        startedUnseen.clear();
        lastPassStarts = List.of();
    }

    /** Whether a pending job's reason is a partition one ({@link PendingReason#partitionState()}). */
    private static boolean partitionState(String reason) {
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
    private static boolean reqNodeNotAvail(String reason) {
        return reason != null && reason.startsWith("ReqNodeNotAvail");
    }

    /**
     * Whether no job the replay's pass started but slurmctld's has not yet ({@link #startedUnseen}) shares a node
     * with this job's partition. Such a job is still {@code PENDING} in slurmctld when this submission arrives:
     * the submit RPC only calls {@code queue_job_scheduler} (a count), {@code _slurmctld_background} turns that
     * count into a {@code schedule()} request once a round (a second: 22.05 sleeps 10 x 0.1 s, 24.11 and 26.05 wait
     * until the next whole second; {@code batch_sched_delay=0}), and {@code _sched_agent} then runs {@code _schedule}
     * ({@code sched_min_interval} adds only microseconds), while the harness submits the next job 0.02-0.2 s later.
     * Without {@code SchedulerParameters=defer}, {@code job_allocate} asks {@code _top_priority}, which counts every
     * {@code IS_JOB_PENDING} job of an overlapping partition with a higher priority (an earlier one): so the new job
     * is not top priority and is only tested, not started (own case fuzz12 f16, f17: {@code Priority} at submission
     * under 22.05.8 and 24.11.5).
     */
    private boolean noneStartedUnseenAhead(JobRequest spec) {
        for (String k : startedUnseen) {
            Job j = jobs.get(k);
            if (j != null && !j.gone && j.placement != null && holdsBack(j, spec)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether sbatch's test passes on the nodes usable now though the whole map refuses the job. {@code
     * _pick_best_nodes} ({@code slurmctld/node_scheduler.c}, 22.05.8, 24.11.5 and 26.05.5 alike) first tests the job
     * ({@code SELECT_MODE_TEST_ONLY}, every resource free) on its node sets after {@code bit_and(avail_bitmap,
     * share_node_bitmap)} (for an {@code --exclusive} job {@code idle_node_bitmap}), so without the nodes an {@code
     * --exclusive} job holds, and returns success there before it ever tries the whole map ({@code total_bitmap},
     * {@code runable_ever}); only when both fail is the job "never runnable". Leaving nodes out changes the node
     * weight groups the block plugin takes whole ({@code eval_nodes_block}'s {@code req2_nodes_bitmap}, {@code
     * max_llblock}), so the first test can pass where the whole map fails: own case yamlfz44 y6 ({@code -p blk -x p2
     * -N11 -n11 -c4 --gpus-per-node=1}, y1 {@code -N5 --exclusive} on base block b1): real 26.05.5 runs it at
     * submission on b2, b3 and b5, behind pending jobs, where on the idle map the eleven weight-1 nodes span four base
     * blocks and {@code max_llblock} (3) leaves at most nine: own probe c19y1 (26.05.5) refuses a1, the same request,
     * on the idle cluster and accepts a4 beside an {@code --exclusive} job on b1. False when nothing runs (the whole
     * map is then the only test).
     */
    private boolean passesOnUsableNodes(JobRequest spec) {
        if (state.running().isEmpty()) {
            return false;
        }
        Suggestion s = policy.suggest(state.seenBySubmitTest(spec.exclusive(), spec.nodelist()), spec);
        return s instanceof Suggestion.Placed || s instanceof Suggestion.Waiting;
    }

    /**
     * The reason a job behind pending ones shows at submission: {@code job_allocate} only tests it
     * ({@code select_nodes} with {@code test_only}), yet that test runs on the nodes usable now
     * ({@code _pick_best_nodes}: idle ones for an {@code --exclusive} job, else those no {@code --exclusive} job
     * holds), each with all its resources; when the job does not fit there the reason is {@code Resources}
     * (26.05: the topology plugin's reason when it ran and failed) instead of {@code Priority}. Own cases
     * blockfz02 k22, k23 ({@code -N2 --exclusive} and {@code -N1 --exclusive} with too few idle nodes, 24.11.5 and
     * 26.05.5), blockfz04 k27 under 26.05.5 ({@code No_suitable_topology_unit_found_for_segment}), and jobs naming
     * a node an {@code --exclusive} job holds (fuzz02 f45, blockfz06 k16). Asked only for a job the empty cluster
     * places: one it keeps waiting passed Slurm's own test (else sbatch had refused it), which the emulation cannot
     * repeat on the usable nodes (cpumix m18 under 24.11.5 shows {@code Priority}). The replay starts every job the
     * pass can start before the next submission; when the real pass ran later than that, the job shows
     * {@code Priority} on nodes still free (fuzz04 f10, f23): the jobs that pass started are left out of the test
     * ({@link #startedUnseen}; blockfz04 k34 under 26.05.5 but not 24.11.5 stays a race of the harness's look).
     */
    private String submitTest(JobRequest spec) {
        // the jobs the replay's own pass started just before have mostly not started yet in slurmctld
        ClusterState seen = state;
        for (String k : startedUnseen) {
            Job j = jobs.get(k);
            if (j != null && !j.gone && j.placement != null) {
                seen = seen.without(k);
            }
        }
        ClusterState test = seen.seenBySubmitTest(spec.exclusive(), spec.nodelist());
        List<Partitions.QueueRecord> records = Partitions.queueRecords(state.cluster(), List.of(spec.name()), k -> spec);
        if (records.size() > 1) {
            return submitTestOfParts(test, records);
        }
        Suggestion s = policy.suggest(test, spec);
        if (s instanceof Suggestion.Placed || s instanceof Suggestion.Waiting) {
            return PendingReason.PRIORITY.slurmName();
        }
        return s instanceof Suggestion.Pending p ? p.reason().slurmName() : PendingReason.RESOURCES.slurmName();
    }

    /**
     * sbatch's test of a job of several partitions: {@code _select_nodes_parts} ({@code job_mgr.c}) in test-only mode
     * tries the partitions in {@code PriorityTier} order and stops at the first that can run the job now (the test
     * passes) or whose nodes are busy ({@code ESLURM_NODES_BUSY}: "if (test_only) return SLURM_SUCCESS", 24.11 and
     * 26.05 {@code _select_nodes_base}, 22.05 {@code _select_nodes_parts_resvs}), so a busy first partition leaves
     * {@code Resources} even where a later one is free; a partition that can never hold the job is passed over. A
     * partition limit ({@code job_limits_check}) is tested test-only in 22.05 and 24.11 and so stops there too;
     * 26.05 skips the node test after {@code WAIT_PART_CONFIG} and {@code WAIT_PART_NODE_LIMIT} and goes on. Own
     * probes c26l8 m1, m5, m6 (22.05.8, 24.11.5).
     *
     * <p>A partition that can never hold the job ({@code ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE}) is passed over,
     * but its {@code select_nodes} has already written {@code WAIT_RESOURCES} on the job (the last {@code else} of
     * its error branch, {@code node_scheduler.c}, all three releases), and a later partition that passes the test
     * leaves that reason as it is ({@code if (test_only) { error_code = SLURM_SUCCESS; goto cleanup; }}), as does
     * {@code _select_nodes_parts} on success: so the harness reads {@code Resources} at submission, over
     * {@code _top_priority}'s {@code Priority} too, and the pass the submission queued starts the job (own probe
     * c12g1 a4, {@code -p cpu,gpu -N1 --gpus=2} with cpu's nodes without GPUs, all three releases). Not so a
     * partition without the job's {@code -w} nodes: {@code select_nodes}' {@code _nodes_in_sets} test fails there and
     * jumps to {@code cleanup} before that error branch (22.05, 24.11, 26.05), so it writes no reason (own case
     * featfz1 f57, {@code -w b1 -p fat,all} with b1 outside fat: {@code ReqNodeNotAvail} at submission in every
     * release).
     */
    private String submitTestOfParts(ClusterState test, List<Partitions.QueueRecord> records) {
        boolean skipsLimits = policy.slurmRelease().map(v -> v.atLeast(org.topoplanner.model.slurm.SlurmVersion.V26_05))
                .orElse(true);
        String passedOver = null;
        for (Partitions.QueueRecord r : records) {
            Suggestion s = policy.suggest(test, r.spec());
            if (s instanceof Suggestion.Placed || s instanceof Suggestion.Waiting) {
                return passedOver != null ? passedOver : PendingReason.PRIORITY.slurmName();
            }
            if (s instanceof Suggestion.Impossible && Partitions.holdsRequiredNodes(test.cluster(), r.spec())) {
                passedOver = PendingReason.RESOURCES.slurmName();
            }
            if (s instanceof Suggestion.Pending p && p.reason() == PendingReason.PARTITION_TIME_LIMIT) {
                // the test-only pick after a failed MaxTime passes and ends the search as "can run now" (own probe
                // c18d1 e3, -p tl,cpu --time=20: no reason at submission, started in cpu by the pass)
                return passedOver != null ? passedOver : PendingReason.PRIORITY.slurmName();
            }
            if (s instanceof Suggestion.Pending p && p.reason() == PendingReason.RESOURCES
                    && passesTestNeverRuns(r.spec())) {
                // the policy's Slurm accepts the job in this partition though no pick there ever starts it (26.05's
                // _get_one_res sums a one-node job's GPUs over the nodes it tests, SlurmBlockPolicy.oneNodeGpusAddUp):
                // the test-only pick succeeds, so _select_nodes_parts stops here with success and no reason, and the
                // pass the submission queued tries the later partitions (own case featfz5 f36, -p all,mix -N1
                // --gpus=8 with mix's nodes of 4 GPUs: RUNNING at submission on a2 of all, 26.05.5)
                return passedOver != null ? passedOver : PendingReason.PRIORITY.slurmName();
            }
            if (s instanceof Suggestion.Pending p) {
                boolean limit = p.reason() == PendingReason.PARTITION_CONFIG
                        || p.reason() == PendingReason.PARTITION_NODE_LIMIT;
                if (!limit) {
                    return p.reason().slurmName();
                }
                if (!skipsLimits) {
                    return PendingReason.RESOURCES.slurmName();
                }
            }
        }
        return PendingReason.RESOURCES.slurmName();
    }

    /**
     * Whether the policy accepts {@code spec} (one partition of a job of several) yet leaves it waiting
     * {@code Resources} on the empty cluster: Slurm's test-only pick passes there, no pick ever starts it.
     */
    private boolean passesTestNeverRuns(JobRequest spec) {
        Suggestion onEmpty = onEmptyCluster.computeIfAbsent(spec.withName(""),
                r -> policy.suggest(ClusterState.empty(state.cluster()), spec));
        return onEmpty instanceof Suggestion.Pending p && p.reason() == PendingReason.RESOURCES;
    }

    /**
     * Whether sbatch's test is asked ({@link #submitTest}): for a job the empty cluster places, and for one whose pick
     * there has more nodes than its maximum (the policy's {@code ReqNodeNotAvail}), which that test on the usable
     * nodes repeats.
     */
    private static boolean testedAtSubmit(Suggestion onEmpty) {
        return onEmpty instanceof Suggestion.Placed
                || onEmpty instanceof Suggestion.Pending p && p.reason() == PendingReason.REQ_NODE_NOT_AVAIL;
    }

    /** The name itself when no job has it yet, else the name with the first free number. */
    private String uniqueKey(String name) {
        if (!jobs.containsKey(name)) {
            return name;
        }
        int n = byName.getOrDefault(name, List.of()).size() + 1;
        while (jobs.containsKey(name + "#" + n)) {
            n++;
        }
        return name + "#" + n;
    }

    /** Whether a job of this name is still pending (in the queue). */
    private boolean waits(String name) {
        return byName.getOrDefault(name, List.of()).stream().anyMatch(queue::containsKey);
    }

    /** Whether a job of this name is running. */
    private boolean runs(String name) {
        return byName.getOrDefault(name, List.of()).stream().map(jobs::get)
                .anyMatch(j -> j != null && !j.gone && j.placement != null);
    }

    /** {@code scancel -n NAME}: every job of that name. */
    private void cancel(String name) {
        byName.getOrDefault(name, List.of()).forEach(this::cancelKey);
    }

    private void cancelKey(String name) {
        Job j = jobs.get(name);
        if (j == null || j.gone) {
            return;
        }
        if (j.placement != null) {
            state = state.without(name);
        }
        // the harness still lists a cancelled job in snapshots (scontrol keeps it for MinJobAge)
        j.gone = true;
        queue.remove(name);
        forgetAnswer(j);
    }

    /**
     * One pass of {@code sched/builtin} over the queue ({@code schedule} in {@code slurmctld/job_scheduler.c}).
     * A job that cannot start blocks every later one ({@code fail_by_part}), except a job whose {@code -w}
     * nodes cover its node count: it only takes its nodes out of the pass ("Do not schedule more jobs on nodes
     * required by this job, but don't block the entire queue/partition"), so later jobs are looked at on the
     * other nodes.
     */
    private void schedule() {
        // partitions whose queue a waiting job blocked (PART_FLAG_SCHED_FAILED), and the nodes out of this pass:
        // those of a blocked partition and those a pending -w job keeps (avail_node_bitmap)
        java.util.Set<String> failed = new java.util.HashSet<>();
        java.util.Set<String> out = new java.util.HashSet<>();
        ClusterState pass = state;
        List<Partitions.QueueRecord> records = Partitions.queueRecords(state.cluster(), queue.keySet(),
                k -> queue.get(k).spec);
        java.util.Set<Partitions.QueueRecord> heldRecords = limitsOfSeveralPartitions(records);
        for (Partitions.QueueRecord r : records) {
            if (!queue.containsKey(r.job())) {
                continue; // started by its record in another partition (schedule: "started in other part/qos")
            }
            if (heldRecords.contains(r)) {
                continue; // build_job_queue made no record for it (limitsOfSeveralPartitions)
            }
            Job j = queue.get(r.job());
            JobRequest spec = r.spec();
            SlurmPartition part = Partitions.of(state.cluster(), spec);
            String partName = part == null ? "" : part.name();
            String limit = heldByLimit(spec);
            if (limit != null) {
                // build_job_queue (job_scheduler.c, all three releases) leaves out a job job_limits_check holds, and
                // _job_runnable_test2 sets the limit's own reason, whatever blocked its partition (own probe c26l1
                // b1, b2, b5: PartitionNodeLimit or PartitionConfig behind the pending p1, 26.05.5)
                j.reason = limit;
                continue;
            }
            if (failed.contains(partName)) {
                // schedule() (job_scheduler.c, 22.05 _failed_partition, 24.11 and 26.05 PART_FLAG_SCHED_FAILED) words
                // the job Priority only over WAIT_NO_REASON and WAIT_RESOURCES (a topology plugin's or "Nodes
                // required ..." text is WAIT_RESOURCES with a state_desc) and "retains previous scheduling Reason"
                // otherwise: a partition limit another record's build left (own probes c26l7, c26l8 m9: -p gpu,cpu
                // -N3 with gpu blocked ends PartitionNodeLimit, cpu's limit, in all three releases)
                if (!keptByBlockedPartition(j.reason)) {
                    j.reason = PendingReason.PRIORITY.slurmName();
                }
                continue;
            }
            if (RequiredNodesStillOut.skips(j.reason, spec.nodelist(), out)) {
                continue;
            }
            int minNodes = spec.minNodes() == null ? 1 : spec.minNodes();
            // a job larger than its partition waits for its limit before this (job_limits_check: PartitionConfig)
            if (availableIn(part, out) < minNodes && minNodes <= availableIn(part, java.util.Set.of())) {
                // too few of the partition's nodes are left in this pass: job_scheduler.c names the cause and
                // blocks the partition (own cases yamlfz02 y24, yamlfz05 y27: a tree-partition job behind a
                // block-partition job that waits on the same nodes, 26.05.5)
                j.reason = PendingReason.NODES_UNAVAILABLE.slurmName();
                pass = leaveOut(pass, failed, out, partName, part);
                continue;
            }
            if (j.spec.partitions().size() > 1 && !Partitions.holdsRequiredNodes(state.cluster(), spec)) {
                // a record in a partition without the job's -w nodes: select_nodes' _nodes_in_sets fails and jumps to
                // cleanup before _pick_best_nodes could answer ESLURM_NODE_NOT_AVAIL for nodes out of the pass, so
                // schedule() logs it "non-runnable in partition" and the job keeps the reason its other record left
                // (node_scheduler.c select_nodes, job_scheduler.c schedule; 22.05, 24.11, 26.05). Own case featfz7
                // f14 (22.05.8): -w a4 -p mix,fat with a4 busy and outside mix waits Resources from fat, not
                // "ReqNodeNotAvail, UnavailableNodes:a4". Its -w nodes still leave the pass (schedule's last test).
                pass = withoutItsNodes(pass, r.job(), spec, out);
                continue;
            }
            List<String> taken = spec.nodelist().stream().filter(out::contains).toList();
            String notAvail = taken.isEmpty() ? null : policy.requiredNodesOutOfPass(taken);
            if (notAvail != null) {
                // ESLURM_NODE_NOT_AVAIL: the job is not looked at, blocks nothing, and its nodes stay out
                j.reason = notAvail;
                if (holdsOnlyItsNodes(spec)) {
                    out.addAll(spec.nodelist());
                }
                continue;
            }
            // A blocked queue head is asked again on every event; when neither the state nor the clock moved
            // (a submission behind it), the answer cannot have changed: policies are pure functions of both.
            Suggestion s = j.askedIn == pass && j.askedAt == now && j.askedFor == spec ? j.asked
                    : policy.suggest(pass, spec);
            j.asked = s;
            j.askedFor = spec;
            j.askedIn = pass;
            j.askedAt = now;
            if (s instanceof Suggestion.Placed p) {
                start(r.job(), j, p.placement());
                pass = pass == state ? state : pass.with(p.placement(), hold(j),
                        policy.memoryHeldBy(pass.cluster(), j.spec, p.placement()));
                queue.remove(r.job());
            } else if (s instanceof Suggestion.Waiting w && now - j.submitted >= w.maxWait().toMillis() / 1000.0) {
                start(r.job(), j, w.placement());
                pass = pass == state ? state : pass.with(w.placement(), hold(j),
                        policy.memoryHeldBy(pass.cluster(), j.spec, w.placement()));
                queue.remove(r.job());
            } else {
                j.reason = s instanceof Suggestion.Pending p ? p.reason().slurmName()
                        : PendingReason.RESOURCES.slurmName();
                if (s instanceof Suggestion.Pending p && !p.reason().blocksJobsBehind()) {
                    continue;
                }
                boolean nonRunnableInPart = s instanceof Suggestion.Impossible && j.spec.partitions().size() > 1;
                String outOfPass = nonRunnableInPart ? null : nodesOutOfPass(spec, part, out);
                if (outOfPass != null) {
                    // ESLURM_NODE_NOT_AVAIL: not fail_by_part, so the job blocks nothing behind it
                    j.reason = outOfPass;
                    continue;
                }
                if (holdsOnlyItsNodes(spec)) {
                    pass = withoutItsNodes(pass, r.job(), spec, out);
                } else if (nonRunnableInPart) {
                    // a record in a partition that never holds the job (ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE with
                    // part_ptr_list) is only logged "non-runnable in partition" by schedule() (job_scheduler.c, 22.05,
                    // 24.11, 26.05): no fail_by_part, so the jobs behind it still run there (own probe c16b1 b9)
                    continue;
                } else {
                    pass = leaveOut(pass, failed, out, partName, part);
                }
            }
        }
    }

    /**
     * {@code build_job_queue}'s limit test of each job of several partitions ({@code job_scheduler.c}, 22.05, 24.11 and
     * 26.05 alike): for each partition of its {@code part_ptr_list}, in {@code PriorityTier} order, it sets
     * {@code part_ptr} and runs {@code _job_runnable_test2}, whose {@code job_limits_check} failing sets that limit as
     * the job's reason and leaves the partition without a queue record, and passing clears only a partition reason
     * ({@code part_policy_job_runnable_state} in 22.05, {@code JSR_PART} in 24.11 and 26.05: {@code
     * PartitionNodeLimit}, not {@code PartitionConfig}) to none. So the last partition decides: {@code -p gpu,cpu -N3}
     * with two nodes in cpu waits {@code PartitionNodeLimit} into the pass, {@code -p cpu,gpu -N3} with none. Returns
     * the records left out.
     */
    private java.util.Set<Partitions.QueueRecord> limitsOfSeveralPartitions(List<Partitions.QueueRecord> records) {
        java.util.Set<Partitions.QueueRecord> held = new java.util.HashSet<>();
        for (Partitions.QueueRecord r : records) {
            Job j = queue.get(r.job());
            if (j == null || j.spec.partitions().size() < 2 || r.spec() == j.spec) {
                continue;
            }
            PendingReason limit = policy.partitionLimit(state.cluster(), r.spec());
            if (limit != null) {
                j.reason = limit.slurmName();
                held.add(r);
            } else if (partitionState(j.reason)) {
                j.reason = null;
            }
        }
        return held;
    }

    /**
     * Whether the pending (or started but not yet seen started) job {@code ahead} keeps {@code spec} from being top
     * priority at its submission by their partitions ({@link Partitions#holdsBack}, per release; every pair overlaps
     * for a policy that emulates no release).
     */
    private boolean holdsBack(Job ahead, JobRequest spec) {
        return policy.slurmRelease()
                .map(v -> Partitions.holdsBack(state.cluster(), v, ahead.spec, spec))
                .orElseGet(() -> Partitions.overlap(state.cluster(), ahead.spec, spec));
    }

    /**
     * Whether a pending job's reason survives a blocked partition in the pass: every reason but none,
     * {@code Resources} and the {@code WAIT_RESOURCES} texts (see {@link #schedule}).
     */
    private static boolean keptByBlockedPartition(String reason) {
        return reason != null && (reqNodeNotAvail(reason) || partitionState(reason)
                || PendingReason.PARTITION_CONFIG.slurmName().equals(reason)
                || PendingReason.MAX_MEM_PER_LIMIT.slurmName().equals(reason));
    }

    /**
     * The reason {@code job_limits_check} holds the job with for good (a partition limit the policy answers on the
     * empty cluster: more CPUs or nodes than the partition, or memory past {@code MaxMemPer*}), or null.
     */
    private String heldByLimit(JobRequest spec) {
        Suggestion onEmpty = onEmptyCluster.get(spec.withName(""));
        if (onEmpty instanceof Suggestion.Pending p && (p.reason() == PendingReason.PARTITION_CONFIG
                || p.reason().partitionState() || p.reason() == PendingReason.MAX_MEM_PER_LIMIT)) {
            return p.reason().slurmName();
        }
        return null;
    }

    /**
     * The reason of a job that cannot start in this pass because nodes of its partition are out of it ({@code
     * avail_node_bitmap} lost them to a blocked partition or a pending {@code -w} job), or null. {@code
     * _pick_best_nodes} ({@code node_scheduler.c}, the same in 22.05, 24.11 and 26.05) tests the job on the nodes
     * left as if idle ({@code SELECT_MODE_TEST_ONLY}); when it cannot run there ({@code runable_avail} false) and no
     * node left was passed over as busy ({@code nodes_busy}: a node not idle for an {@code --exclusive} job, a node
     * held whole by one for the others), the answer is {@code ESLURM_NODE_NOT_AVAIL}, which {@code select_nodes}
     * words from the nodes out of the pass ({@link PlacementPolicy#requiredNodesOutOfPass}) and {@code schedule}
     * ({@code job_scheduler.c}) does not count as {@code fail_by_part}. Own case mem4a m9 ({@code -N2
     * --gpus-per-node=2}, every GPU node in partition lim, whose head job waits): real 22.05.8 "ReqNodeNotAvail,
     * UnavailableNodes:g[1-3]", and m10 behind it is looked at ({@code Resources}, not {@code Priority}).
     */
    private String nodesOutOfPass(JobRequest spec, SlurmPartition part, java.util.Set<String> out) {
        if (out.isEmpty() || holdsOnlyItsNodes(spec)) {
            return null;
        }
        Cluster cluster = state.cluster();
        List<String> missing = new ArrayList<>();
        List<HostAllocation> gone = new ArrayList<>();
        for (String h : cluster.hostNames()) {
            if (part != null && !part.holds(h)) {
                continue;
            }
            if (out.contains(h)) {
                missing.add(h);
                gone.add(HostAllocation.of(h, List.of(), org.topoplanner.model.cpu.CpuSet.empty()));
            } else if (passedOverAsBusy(spec, h)) {
                return null;
            }
        }
        if (missing.isEmpty()) {
            return null;
        }
        Suggestion onIdle = spec.exclusiveTopo()
                ? policy.suggest(ClusterState.empty(cluster), testOnlyOfExclusiveTopo(spec, missing))
                : policy.suggest(ClusterState.empty(cluster).with(new Placement(" out of the pass", gone),
                        ClusterState.Hold.WHOLE_NODES), spec);
        if (onIdle instanceof Suggestion.Placed || onIdle instanceof Suggestion.Waiting) {
            return null;
        }
        return policy.requiredNodesOutOfPass(missing);
    }

    /**
     * The test-only pick of an {@code --exclusive=topo} job on the nodes left in the pass, as the job without the
     * option and with the other nodes excluded. cons_tres {@code job_test} ({@code select/cons_tres/job_test.c},
     * 26.05 {@code _job_test}) returns from its test 0 in {@code SELECT_MODE_TEST_ONLY} before {@code
     * _block_by_topology}, the only step where {@code WHOLE_TOPO} acts (it takes the base blocks of running jobs out
     * of the node map), and a node out of the pass is only absent from the map given to the test, not a job's node:
     * so the base block of a node left in the pass is usable there whatever runs beside it. Own case yamlfz43 y12
     * ({@code -p blk -N1 --gpus-per-node=1 --exclusive=topo} behind y10, whose blocked blk2 takes every node of blk
     * but d3 out of the pass; d3 runs y8, its base block b2 also holds d2): real 26.05.5 {@code Resources}
     * ({@code ESLURM_NODES_BUSY}: {@code runable_avail} true), not {@code ReqNodeNotAvail}.
     */
    private static JobRequest testOnlyOfExclusiveTopo(JobRequest spec, List<String> missing) {
        java.util.Set<String> excluded = new java.util.LinkedHashSet<>(spec.exclude());
        excluded.addAll(missing);
        return spec.toBuilder().exclusiveTopo(false).exclude(List.copyOf(excluded)).build();
    }

    /** {@code _pick_best_nodes}' {@code nodes_busy}: the node filtered out by {@code idle_node_bitmap} or {@code share_node_bitmap}. */
    private boolean passedOverAsBusy(JobRequest spec, String host) {
        for (Map.Entry<String, Placement> e : state.running().entrySet()) {
            boolean there = e.getValue().hosts().stream().anyMatch(a -> a.host().equals(host));
            if (there && (spec.exclusive() || state.hold(e.getKey()) == ClusterState.Hold.WHOLE_NODES)) {
                return true;
            }
        }
        return false;
    }

    /** How many of the partition's nodes (every node without partitions) are still in the pass. */
    private int availableIn(SlurmPartition part, java.util.Set<String> out) {
        int n = 0;
        for (String h : state.cluster().hostNames()) {
            if ((part == null || part.holds(h)) && !out.contains(h)) {
                n++;
            }
        }
        return n;
    }

    /**
     * Blocks a partition for the rest of the pass ({@code fail_by_part}): its later jobs wait with
     * {@code Priority}, and its nodes leave the pass for jobs of other partitions ({@code bit_and_not(
     * avail_node_bitmap, part_ptr->node_bitmap)}).
     */
    private ClusterState leaveOut(ClusterState pass, java.util.Set<String> failed, java.util.Set<String> out,
                                  String partName, SlurmPartition part) {
        failed.add(partName);
        List<HostAllocation> gone = new ArrayList<>();
        for (String h : state.cluster().hostNames()) {
            if ((part == null || part.holds(h)) && out.add(h)) {
                gone.add(HostAllocation.of(h, List.of(), org.topoplanner.model.cpu.CpuSet.empty()));
            }
        }
        return gone.isEmpty() || part == null ? pass
                : pass.with(new Placement(" blocked " + partName, gone), ClusterState.Hold.WHOLE_NODES);
    }

    /**
     * A pending job that blocks only its {@code -w} nodes: they cover its node count ({@code min_nodes}), as
     * slurmctld has it: sbatch lowers {@code -N} to {@code -n} when there are fewer tasks than nodes ("can't run 1
     * processes on 2 nodes, setting nnodes to 1", {@code sbatch/opt.c} {@code _opt_verify}, 22.05.8, 24.11.5 and
     * 26.05.5). Own probe c24h2 (cmx2 up to m50, real 24.11.5): m45 {@code -w b1 -N2 -n1} waits on b1 and the jobs
     * behind it (m47-m50) start in the same pass.
     */
    /**
     * The pass after a failed record of a job whose {@code -w} nodes cover its node count ({@link #holdsOnlyItsNodes}):
     * schedule() takes those nodes out of {@code avail_node_bitmap} after any failure, the record of a partition that
     * never holds the job too, so the job's later records find them out of the pass (own case featfz1 f57, {@code -w b1
     * -p fat,all} with b1 outside fat: ReqNodeNotAvail for good). Unchanged for any other job, or when they are out.
     */
    private static ClusterState withoutItsNodes(ClusterState pass, String key, JobRequest spec,
            java.util.Set<String> out) {
        if (!holdsOnlyItsNodes(spec) || out.containsAll(spec.nodelist())) {
            return pass;
        }
        out.addAll(spec.nodelist());
        return pass.with(new Placement(" -w " + key, spec.nodelist().stream()
                .map(h -> HostAllocation.of(h, List.of(), org.topoplanner.model.cpu.CpuSet.empty()))
                .toList()), ClusterState.Hold.WHOLE_NODES);
    }

    private static boolean holdsOnlyItsNodes(JobRequest spec) {
        int minNodes = spec.minNodes() == null ? 1 : spec.minNodes();
        if (spec.ntasks() != null && spec.ntasks() < minNodes) {
            minNodes = spec.ntasks();
        }
        return !spec.nodelist().isEmpty() && spec.nodelist().size() >= minNodes;
    }

    private static ClusterState.Hold hold(Job j) {
        return j.spec.exclusive() ? ClusterState.Hold.WHOLE_NODES
                : j.spec.exclusiveTopo() ? ClusterState.Hold.WHOLE_BLOCKS : ClusterState.Hold.LISTED;
    }

    /**
     * A cancelled job as a snapshot shows it: {@code CANCELLED}, its nodes and CPU ids kept, its GPUs
     * already released; a job cancelled while pending keeps its last reason (own case frag, both
     * versions: p2 lists its 6 nodes with CPU ids and no GPU indices, f1k shows Resources, f1l Priority).
     */
    private ReplayEvent.Job cancelled(Moment when, String name, Job j) {
        if (j.placement == null) {
            return new ReplayEvent.Job(when, name, JobState.CANCELLED, j.reason, null, List.of());
        }
        List<HostAllocation> hosts = j.placement.hosts().stream()
                .map(h -> HostAllocation.of(h.host(), List.of(), h.cpus())).toList();
        Placement released = new Placement(j.placement.job(), hosts);
        return new ReplayEvent.Job(when, name, JobState.CANCELLED, null, released, Leaves.of(state.cluster(), released));
    }

    /**
     * Takes back the starts of the jobs the last pass started unseen ({@link #startedUnseen}): they wait again, in
     * submission order, for the pass after the cancel.
     */
    /**
     * The starts still unseen that passes measured to begin at or after {@code when} made ({@link
     * #measuredLaterPasses}); none when {@code when} is unknown. The list is used up.
     */
    private List<String> startsOfPassesAfter(double when) {
        List<String> out = new ArrayList<>();
        if (!Double.isNaN(when)) {
            for (Map.Entry<Double, List<String>> e : measuredLaterPasses) {
                if (e.getKey() >= when) {
                    e.getValue().stream().filter(startedUnseen::contains).forEach(out::add);
                }
            }
        }
        measuredLaterPasses.clear();
        lastNextStep = Double.NaN;
        return out;
    }

    private void unstartUnseen() {
        unstart(List.copyOf(startedUnseen));
        startedUnseen.clear();
    }

    /**
     * Takes back the starts of {@code keys} (jobs a pass started that slurmctld's has not yet): they wait again, in
     * submission order, for the pass still to come.
     */
    private void unstart(List<String> keys) {
        boolean any = false;
        for (String k : keys) {
            Job j = jobs.get(k);
            if (j != null && !j.gone && j.placement != null) {
                state = state.without(k);
                j.placement = null;
                j.reason = PendingReason.PRIORITY.slurmName();
                startedUnseen.remove(k);
                any = true;
            }
        }
        if (any) {
            Map<String, Job> order = new LinkedHashMap<>();
            jobs.forEach((k, j) -> {
                if (!j.gone && j.placement == null) {
                    order.put(k, j);
                }
            });
            queue.clear();
            queue.putAll(order);
        }
    }

    private void start(String name, Job j, Placement p) {
        passStarted.add(name);
        j.placement = p;
        j.reason = null;
        forgetAnswer(j);
        // the topology of its partition widens an --exclusive=topo job's nodes for every other job (PartitionTopology)
        state = state.with(p, hold(j), policy.memoryHeldBy(state.cluster(), j.spec, p),
                Partitions.topologyRunningIn(state.cluster(), j.spec,
                        p.hosts().stream().map(org.topoplanner.model.job.HostAllocation::host).toList()));
    }

    /**
     * Drops a job's remembered answer once it leaves the queue: the state it was asked in would otherwise
     * stay reachable from every job of a long replay (a 100,000-job script ran out of a 3 GB heap).
     */
    private static void forgetAnswer(Job j) {
        j.asked = null;
        j.askedIn = null;
        j.askedFor = null;
    }

    private void emit(Moment when, String key) {
        Job j = jobs.get(key);
        String name = j.name;
        if (j.gone) {
            out.accept(cancelled(when, name, j));
            return;
        }
        out.accept(j.placement == null
                ? new ReplayEvent.Job(when, name, JobState.PENDING, j.reason, null, List.of())
                : new ReplayEvent.Job(when, name, JobState.RUNNING, null, j.placement,
                        Leaves.of(state.cluster(), j.placement)));
    }
}
