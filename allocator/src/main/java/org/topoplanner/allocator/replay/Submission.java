package org.topoplanner.allocator.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.replay.JobScript;
import org.topoplanner.model.replay.ReplayEvent;
import org.topoplanner.model.replay.ReplayEvent.Moment;

/**
 * One {@code sbatch}: the options read, the refusal of a job that can never run, the top-priority test
 * ({@code _top_priority}), sbatch's test ({@link SubmitTest}), the harness's look at the job and the pass the
 * submission queued ({@code queue_job_scheduler}).
 */
final class Submission {
    private final ControllerState ctl;
    private final UnseenStarts unseen;
    private final SubmitTest test;
    private final SchedulingPass schedulingPass;
    private final JobEvents jobEvents;
    private final PlacementPolicy policy;
    private final PassTiming timing;
    private final MeasuredRun measured;
    private final Map<String, ReplayJob> jobs;
    private final Map<String, List<String>> byName;
    private final Map<String, ReplayJob> queue;
    private final Map<JobRequest, Suggestion> onEmptyCluster;
    private final Set<String> startedUnseen;
    private final List<String> passStarted;
    private final List<Map.Entry<Double, List<String>>> measuredLaterPasses;

    Submission(ControllerState ctl, UnseenStarts unseen, SubmitTest test, SchedulingPass schedulingPass,
               JobEvents jobEvents,
               PassTiming timing, MeasuredRun measured) {
        this.ctl = ctl;
        this.unseen = unseen;
        this.test = test;
        this.schedulingPass = schedulingPass;
        this.jobEvents = jobEvents;
        this.policy = ctl.policy;
        this.timing = timing;
        this.measured = measured;
        this.jobs = ctl.jobs;
        this.byName = ctl.byName;
        this.queue = ctl.queue;
        this.onEmptyCluster = ctl.onEmptyCluster;
        this.startedUnseen = unseen.startedUnseen;
        this.passStarted = unseen.passStarted;
        this.measuredLaterPasses = unseen.measuredLaterPasses;
    }

    /** The refusal in the words the emulated release's sbatch prints (RejectionWords). */
    private String words(String refusal, JobScript.Submit s) {
        return RejectionWords.of(refusal, s.args(), policy.slurmRelease().orElse(null));
    }

    /** Submits {@code s}; false when sbatch refuses it (a {@code REJECTED} line, no job). */
    boolean submit(JobScript.Submit s) {
        ctl.seq++;
        JobRequest spec;
        String key = ctl.uniqueKey(s.name());
        try {
            // the key identifies the job in the cluster state; the script's name is what is printed
            spec = SbatchOptions.parse(s.args(), s.name()).withName(key);
        } catch (JobRequestException e) {
            ctl.out.accept(new ReplayEvent.Rejected(s.name(), s.args(), words(e.getMessage(), s)));
            return false;
        }
        // whether the job can ever run depends on the request alone: scripts repeat requests, so ask once each
        Suggestion onEmpty = onEmptyCluster.computeIfAbsent(spec.withName(""),
                r -> policy.suggest(ClusterState.empty(ctl.state.cluster()), spec));
        String refusal = test.refusal(onEmpty, spec);
        if (refusal != null) {
            ctl.out.accept(new ReplayEvent.Rejected(s.name(), s.args(), words(refusal, s)));
            return false;
        }
        ReplayJob job = new ReplayJob(s.name(), spec, ctl.now);
        job.seq = ctl.seq;
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
        // the reason read is the one slurmctld has on the job now, not one a pass it has not run yet gave it
        // (UnseenStarts.reasonsUnseen)
        // a job a pass held for good (priority 0, TopologyNeverRunnableHold) is behind every other
        boolean top = queue.entrySet().stream().noneMatch(ahead -> !ahead.getValue().heldForGood
                && holdsBack(ahead.getValue(), spec)
                && !passedOverByTopPriority(unseen.reasonSeen(ahead.getKey(), ahead.getValue())))
                && noneStartedUnseenAhead(spec);
        // the pass the submissions before queued, measured to begin after this submission reached slurmctld
        // (MeasuredRun.passAfterNextStep), had this job in its queue: sort_job_queue2 put it in PriorityTier order
        // among them, so their starts are made again in that pass, with this job. Own timed runs featfz10, 24.11.5
        // and 26.05.5: f28 and f29 submitted behind pending jobs, f30 (-p mix, PriorityTier=2) submitted before the
        // pass they queued, which started f30 first (sched log: f30, f28, f29), on b1 that f28 took in the replay
        // (UnseenStarts.startsOfPassesAfterSubmission: not a pass that a step between ended before this RPC)
        ctl.takeBackStarts(unseen.startsOfPassesAfterSubmission(measured.rpcOf(ctl.seq, s.name())))
                .forEach(startedUnseen::remove);
        queue.put(key, job);
        // a partition limit (MaxMemPerLimit, more CPUs or nodes than the partition has) holds the job whatever the
        // nodes hold: its submission shows what the policy's Slurm says there (own cases mem2g, mem3b, mem3d; probe
        // c22k1 q2-q4, behind the held q1)
        // a job of several partitions that the list's node minimum holds in one of them is worded by sbatch's test-only
        // pick there (22.05, 24.11: SubmitTest.picksAfterListMinimum), not as a job one partition's limit holds
        boolean listMinimumPick = test.picksAfterListMinimum(spec);
        String held = onEmpty instanceof Suggestion.Pending p && !p.reason().blocksJobsBehind()
                && p.reason() != PendingReason.REQ_NODE_NOT_AVAIL && !listMinimumPick
                ? policy.heldAtSubmit(ctl.state.cluster(), spec, p.reason(), !top) : null;
        if (top) {
            unseen.allSeen();
            // sbatch's test comes before the pass; when it fails it sets the reason and the harness, which waits
            // for a reason, reads that one (own case blockfz12 k30, -N2 --exclusive under 26.05.5: the test sees
            // the idle nodes whole, so the block plugin runs and fails with No_suitable_topology_unit_found, where
            // the pass, whose node map has lost an --exclusive=topo job's base block, fails before it)
            String tested = SubmitTest.testedAtSubmit(onEmpty) || listMinimumPick ? test.submitTest(spec) : null;
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
            String built = builtinAgentReason(s.name(), spec, job.reason);
            if (built != null) {
                // the test passed and left no reason, yet the harness's look ended before the queued pass: it read
                // the reason sched/builtin's queue build left (BuiltinAgentLook)
                job.reason = built;
                lookAndQueuedPass(key);
                return true;
            }
            schedulingPass.schedule();
            if (held != null && !measured.queuedPass(ctl.seq, s.name(), timing)
                    .filter(p -> p == MeasuredRun.QueuedPass.BEFORE_LOOK).isPresent()) {
                // the submission's wording of the held job (heldAtSubmit), unless a timed run shows the queued pass
                // before the look: its _job_runnable_test2 had set the limit's own reason by then (own probe c22r1
                // r9, 22.05.8: PartitionTimeLimit at the look, the pass 21 ms after the RPC, 5 ms before the look)
                job.reason = held;
            }
            jobEvents.emit(Moment.SUBMIT, key);
        } else {
            job.reason = held != null ? held
                    : SubmitTest.testedAtSubmit(onEmpty) || listMinimumPick || test.picksPastMaxTime(spec, onEmpty)
                    ? test.submitTest(spec) : PendingReason.PRIORITY.slurmName();
            lookAndQueuedPass(key);
        }
        return true;
    }

    /**
     * The reason the harness read on a top-priority job of several partitions whose look ended before the pass its
     * submission queued (a timed run, {@link MeasuredRun#lookEndedBeforeQueuedPass}): the one sched/builtin's queue
     * build left ({@link BuiltinAgentLook}); null otherwise, or when that build leaves none (the harness then waited
     * for the pass).
     */
    private String builtinAgentReason(String name, JobRequest spec, String reason) {
        if (spec.partitions().size() < 2 || !measured.lookEndedBeforeQueuedPass(ctl.seq, name, timing)) {
            return null;
        }
        if (measured.builds().known()
                && !measured.buildLastBefore(measured.rpcOf(ctl.seq, name), measured.submissionLookAt(ctl.seq, name))) {
            // the run logged sched/builtin's builds (BuiltinBuilds): only a build between the RPC and the look's
            // answer wrote a reason the look could read; without one the harness waited for the pass
            return null;
        }
        return BuiltinAgentLook.afterQueueBuild(policy, ctl.state.cluster(), spec, reason);
    }

    /**
     * The harness's look at a job whose submission only queued a pass ({@code queue_job_scheduler}), and that pass.
     * Without times the look comes first and the pass's starts stay unseen by the next submission ({@link
     * UnseenStarts#startedUnseen}; under 22.05 until the next cancel, {@link PassTiming}). A timed run ({@link
     * MeasuredRun}) says where the pass fell: before the look, the harness printed the job as the pass left it
     * (RUNNING, or the pass's reason); before the next step, that step finds the pass's starts made. Either way
     * slurmctld has run every pass the replay ran so far by then (a pass serves every request queued before it: {@code
     * _slurmctld_background} zeroes {@code job_sched_cnt}), so nothing stays unseen. Own timed runs: section t18b of
     * {@code src/test/resources/oracle/PROVENANCE.md}.
     */
    private void lookAndQueuedPass(String key) {
        Optional<MeasuredRun.QueuedPass> pass = measured.queuedPass(ctl.seq, jobs.get(key).name, timing);
        if (pass.isEmpty()) {
            jobEvents.emit(Moment.SUBMIT, key);
            passStarted.clear();
            Map<String, String> before = UnseenStarts.reasonsOf(queue);
            schedulingPass.schedule();
            unseen.passUnseen(before, queue);
            unseen.lastPassStarts = List.copyOf(passStarted);
            Optional<double[]> later = measured.passAfterNextStep(ctl.seq, jobs.get(key).name, timing);
            if (later.isPresent()) {
                measuredLaterPasses.add(Map.entry(later.get()[0], List.copyOf(passStarted)));
                unseen.lastNextStep = later.get()[1];
            } else {
                measuredLaterPasses.clear();
                unseen.lastNextStep = Double.NaN;
            }
            return;
        }
        measuredLaterPasses.clear();
        unseen.lastNextStep = Double.NaN;
        MeasuredRun.FurtherPasses further = measured.furtherPasses(ctl.seq, jobs.get(key).name, timing);
        if (pass.get() == MeasuredRun.QueuedPass.BEFORE_LOOK) {
            schedulingPass.schedule();
            schedulingPass.scheduleTimes(further.beforeLook());
            jobEvents.emit(Moment.SUBMIT, key);
        } else {
            jobEvents.emit(Moment.SUBMIT, key);
            schedulingPass.schedule();
        }
        schedulingPass.scheduleTimes(further.afterLook());
        unseen.allSeen();
        unseen.lastPassStarts = List.of();
    }

    /**
     * Whether no job the replay's pass started but slurmctld's has not yet ({@link UnseenStarts#startedUnseen}) shares
     * a node with this job's partition. Such a job is still {@code PENDING} in slurmctld when this submission arrives:
     * the submit RPC only calls {@code queue_job_scheduler} (a count), {@code _slurmctld_background} turns that count
     * into a {@code schedule()} request once a round (a second: 22.05 sleeps 10 x 0.1 s, 24.11 and 26.05 wait until the
     * next whole second; {@code batch_sched_delay=0}), and {@code _sched_agent} then runs {@code _schedule} ({@code
     * sched_min_interval} adds only microseconds), while the harness submits the next job 0.02-0.2 s later. Without
     * {@code SchedulerParameters=defer}, {@code job_allocate} asks {@code _top_priority}, which counts every {@code
     * IS_JOB_PENDING} job of an overlapping partition with a higher priority (an earlier one): so the new job is not
     * top priority and is only tested, not started (own case fuzz12 f16, f17: {@code Priority} at submission under
     * 22.05.8 and 24.11.5).
     */
    private boolean noneStartedUnseenAhead(JobRequest spec) {
        for (String k : startedUnseen) {
            ReplayJob j = jobs.get(k);
            if (j != null && !j.gone && j.placement != null && holdsBack(j, spec)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code _top_priority} passes over a pending job with this reason: a {@code JSR_MISC} one such as
     * {@code ReqNodeNotAvail} or a {@code JSR_PART} one such as {@code PartitionNodeLimit} (22.05 {@code
     * misc_policy_job_runnable_state}, {@code part_policy_job_runnable_state}; 24.11 and 26.05 {@code
     * job_state_reason_check}).
     */
    private static boolean passedOverByTopPriority(String reason) {
        return ReasonText.reqNodeNotAvail(reason) || ReasonText.partitionState(reason);
    }

    /**
     * Whether the pending (or started but not yet seen started) job {@code ahead} keeps {@code spec} from being top
     * priority at its submission by their partitions ({@link Partitions#holdsBack}, per release; every pair overlaps
     * for a policy that emulates no release).
     */
    private boolean holdsBack(ReplayJob ahead, JobRequest spec) {
        return policy.slurmRelease()
                .map(v -> Partitions.holdsBack(ctl.state.cluster(), v, ahead.spec, spec))
                .orElseGet(() -> Partitions.overlap(ctl.state.cluster(), ahead.spec, spec));
    }
}
