package org.topoplanner.allocator.replay;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.replay.ReplayEvent;
import org.topoplanner.model.replay.ReplayEvent.JobState;
import org.topoplanner.model.replay.ReplayEvent.Moment;

/**
 * The harness's look at one job (its submission line, a snapshot, the final line) as a {@link ReplayEvent.Job}:
 * what {@code squeue}/{@code scontrol} print for a pending, running or cancelled job. A pending job's reason is the
 * one the last pass left, unless a timed run shows a sched/builtin queue build after that pass and before the look's
 * answer ({@link MeasuredRun#buildLastBefore}): then it is the one that build left ({@link BuiltinAgentLook}).
 */
final class JobEvents {
    private final ControllerState ctl;
    private final Map<String, ReplayJob> jobs;
    private final MeasuredRun measured;
    /** How many looks of each kind at each job name were emitted so far, to find each one's measured time. */
    private final Map<String, Integer> looksSoFar = new HashMap<>();

    JobEvents(ControllerState ctl) {
        this(ctl, MeasuredRun.NONE);
    }

    JobEvents(ControllerState ctl, MeasuredRun measured) {
        this.ctl = ctl;
        this.jobs = ctl.jobs;
        this.measured = measured;
    }

    /**
     * The reason the harness reads on pending job {@code j} at this look of kind {@code when}: the build's when a
     * sched/builtin build came after the last logged pass and after the job's submission, before the look's answer.
     * Only shown: the next pass words the queue again, as slurmctld's does.
     */
    private String reasonAtLook(Moment when, ReplayJob j) {
        if (!measured.builds().known()) {
            return j.reason;
        }
        double look;
        if (when == Moment.SUBMIT) {
            look = measured.submissionLookAt(j.seq, j.name);
        } else {
            String kind = when == Moment.FINAL ? "final" : "snapshot";
            int index = looksSoFar.merge(MeasuredRun.lookKey(kind, j.name), 1, Integer::sum) - 1;
            look = measured.laterLookAt(kind, j.name, index);
        }
        if (!measured.buildLastBefore(measured.rpcOf(j.seq, j.name), look)) {
            return j.reason;
        }
        return BuiltinAgentLook.afterQueueBuild(ctl.policy, ctl.state.cluster(), j.spec, j.reason);
    }

    /**
     * A cancelled job as a snapshot shows it: {@code CANCELLED}, its nodes and CPU ids kept, its GPUs
     * already released; a job cancelled while pending keeps its last reason (own case frag, both
     * versions: p2 lists its 6 nodes with CPU ids and no GPU indices, f1k shows Resources, f1l Priority).
     */
    private ReplayEvent.Job cancelled(Moment when, String name, ReplayJob j) {
        if (j.placement == null) {
            return new ReplayEvent.Job(when, name, JobState.CANCELLED, j.reason, null, List.of());
        }
        List<HostAllocation> hosts = j.placement.hosts().stream()
                .map(h -> HostAllocation.of(h.host(), List.of(), h.cpus())).toList();
        Placement released = new Placement(j.placement.job(), hosts);
        return new ReplayEvent.Job(when, name, JobState.CANCELLED, null, released,
                Leaves.of(ctl.state.cluster(), released));
    }

    void emit(Moment when, String key) {
        ReplayJob j = jobs.get(key);
        String name = j.name;
        if (j.gone || j.placement != null) {
            // a snapshot or final look at a running or ended job still counts as one of that name's looks
            if (when != Moment.SUBMIT && measured.builds().known()) {
                looksSoFar.merge(MeasuredRun.lookKey(when == Moment.FINAL ? "final" : "snapshot", name), 1,
                        Integer::sum);
            }
        }
        if (j.gone) {
            ctl.out.accept(cancelled(when, name, j));
            return;
        }
        ctl.out.accept(j.placement == null
                ? new ReplayEvent.Job(when, name, JobState.PENDING, reasonAtLook(when, j), null, List.of())
                : new ReplayEvent.Job(when, name, JobState.RUNNING, null, j.placement,
                        Leaves.of(ctl.state.cluster(), j.placement)));
    }
}
