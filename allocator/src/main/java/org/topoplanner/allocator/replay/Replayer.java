package org.topoplanner.allocator.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.replay.JobScript;
import org.topoplanner.model.replay.ReplayEvent;
import org.topoplanner.model.replay.ReplayEvent.Moment;

/**
 * Runs a {@link JobScript} under a policy in virtual time and reports what the real harness prints:
 * one event per submitted job (its state right after the scheduler looked at it), per snapshot, and
 * a {@code final} one per job still alive at the end. The events are values; the importers write
 * them as the harness's JSON lines ({@code importers.replay.ReplayLine}).
 *
 * <p>Scheduling is {@code sched/builtin}'s pass ({@link SchedulingPass#schedule}): after every step the queue is
 * tried in submission order; the first job that cannot start stops the pass and every later job waits with
 * {@code Reason=Priority}, unless that job's {@code -w} nodes cover its node count (then only those nodes
 * are out of the pass). A job submitted behind pending ones shows {@code Priority} at submission, before
 * the pass that may start it ({@link Submission#submit}). A {@link Suggestion.Waiting} job ({@code --switches})
 * starts on its allocation once its wait since submission has passed.
 *
 * <p>This class holds the public API and hands each step of the script to the class that acts it out
 * ({@link Submission}, {@link Cancellation}, {@link SchedulingPass}, {@link JobEvents}), all sharing one
 * {@link ControllerState}.
 *
 * <p>Each step's options are read with {@link SbatchOptions#parse}; options sbatch would refuse
 * give a {@code REJECTED} line naming them, as the real {@code sbatch} refuses the submission.
 */
public final class Replayer {
    private final ControllerState ctl;
    private final UnseenStarts unseen = new UnseenStarts();
    private final JobEvents jobEvents;
    private final SchedulingPass pass;
    private final Submission submission;
    private final Cancellation cancellation;

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
        Objects.requireNonNull(timing, "timing");
        Objects.requireNonNull(measured, "measured");
        this.ctl = new ControllerState(cluster, policy);
        this.jobEvents = new JobEvents(ctl, measured);
        this.pass = new SchedulingPass(ctl, unseen);
        this.submission = new Submission(ctl, unseen, new SubmitTest(ctl, unseen), pass, jobEvents, timing, measured);
        this.cancellation = new Cancellation(ctl, unseen, pass, timing, measured);
    }

    /** Runs the script and returns what happened, in the harness's order. */
    public List<ReplayEvent> run(JobScript script) {
        List<ReplayEvent> all = new ArrayList<>();
        run(script, all::add);
        return List.copyOf(all);
    }

    /** Runs the script, handing each event to {@code events} as it happens, in the harness's order. */
    public void run(JobScript script, Consumer<ReplayEvent> events) {
        ctl.out = Objects.requireNonNull(events, "events");
        int number = 0;
        for (JobScript.Step step : script.steps()) {
            number++;
            try {
                replay(step);
            } catch (RuntimeException e) {
                // A defect must not cost the rest of the replay: said where it happened, and the script goes on.
                ctl.out.accept(new ReplayEvent.Note("step " + number + " could not be replayed (internal error: "
                        + e + "); please report it with the script"));
            }
        }
        // the harness's last look comes after slurmctld's periodic pass (sched_interval), whatever the last step was
        pass.schedule();
        ctl.jobs.keySet().stream().filter(n -> !ctl.jobs.get(n).gone).forEach(n -> jobEvents.emit(Moment.FINAL, n));
    }

    private void replay(JobScript.Step step) {
        List<String> queuedPassStarts = unseen.lastPassStarts;
        if (!(step instanceof JobScript.Submit || step instanceof JobScript.Cancel || step instanceof JobScript.Note
                || step instanceof JobScript.Snapshot)) {
            unseen.measuredLaterPasses.clear();
        }
        if (!(step instanceof JobScript.Note)) {
            unseen.lastPassStarts = List.of();
        }
        // a cancel of pending jobs only is no step the harness waits on: squeue stops listing them at once and
        // slurmctld queues no pass for them, so the jobs its background pass has not started yet stay pending
        if (!(step instanceof JobScript.Submit || step instanceof JobScript.Note
                || step instanceof JobScript.Snapshot
                || step instanceof JobScript.Cancel)) {
            unseen.allSeen();
        }
        boolean afterSubmission = ctl.lastStepSubmission;
        if (step instanceof JobScript.Submit || step instanceof JobScript.Reset || step instanceof JobScript.Sleep
                || step instanceof JobScript.Cancel c0 && c0.names().stream().anyMatch(ctl.byName::containsKey)) {
            // an empty cancel (every name refused at submit) sends no scancel: no step slurmctld sees
            ctl.lastStepSubmission = step instanceof JobScript.Submit;
        }
        if (step instanceof JobScript.Submit s) {
            if (!submission.submit(s)) {
                // a refused submission queues no pass (the submit RPC fails before queue_job_scheduler), so the pass
                // the submission before it queued is still to come, and a cancel right after still precedes it (own
                // case blockfz43: k21 submitted, k22 refused, k19 cancelled; the pass then starts k20 first and k21
                // on f4, which the pending k19 had kept out of the earlier pass, 24.11.5 and 26.05.5)
                unseen.lastPassStarts = queuedPassStarts;
            }
        } else if (step instanceof JobScript.Cancel c) {
            cancellation.cancel(c, queuedPassStarts, afterSubmission);
        } else if (step instanceof JobScript.Reset) {
            cancellation.reset();
        } else if (step instanceof JobScript.Sleep s) {
            ctl.now += s.seconds();
            pass.schedule();
        } else if (step instanceof JobScript.Snapshot s) {
            List<String> keys = s.names().isEmpty() ? List.copyOf(ctl.jobs.keySet())
                    : s.names().stream().flatMap(n -> ctl.byName.getOrDefault(n, List.of()).stream()).toList();
            keys.forEach(k -> jobEvents.emit(Moment.SNAPSHOT, k));
        } else if (step instanceof JobScript.Note n) {
            ctl.out.accept(new ReplayEvent.Note(n.text()));
        }
        // JobScript.Show: the harness prints scontrol output; a replay has none.
    }
}
