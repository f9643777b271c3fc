package org.topoplanner.allocator.replay;

import java.util.List;
import java.util.Map;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.replay.ReplayEvent;
import org.topoplanner.model.replay.ReplayEvent.JobState;
import org.topoplanner.model.replay.ReplayEvent.Moment;

/**
 * The harness's look at one job (its submission line, a snapshot, the final line) as a {@link ReplayEvent.Job}:
 * what {@code squeue}/{@code scontrol} print for a pending, running or cancelled job.
 */
final class JobEvents {
    private final ControllerState ctl;
    private final Map<String, ReplayJob> jobs;

    JobEvents(ControllerState ctl) {
        this.ctl = ctl;
        this.jobs = ctl.jobs;
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
        if (j.gone) {
            ctl.out.accept(cancelled(when, name, j));
            return;
        }
        ctl.out.accept(j.placement == null
                ? new ReplayEvent.Job(when, name, JobState.PENDING, j.reason, null, List.of())
                : new ReplayEvent.Job(when, name, JobState.RUNNING, null, j.placement,
                        Leaves.of(ctl.state.cluster(), j.placement)));
    }
}
