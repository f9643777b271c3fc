package org.topoplanner.allocator.replay;

import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * A job the replay knows: pending (no placement) or running; a cancelled one stays ({@code gone}) for the
 * snapshots that still list it. Kept apart from the replay so every class of a step reads the same record.
 */
final class ReplayJob {
    final String name;
    final JobRequest spec;
    final double submitted;
    /** The harness's {@code seq} of its submission ({@link ControllerState#seq}), to find its measured times. */
    int seq;
    Placement placement;
    String reason;
    boolean gone;
    /**
     * Held for good by a pass ({@code priority = 0} with {@code FAIL_BAD_CONSTRAINTS}, {@link
     * TopologyNeverRunnableHold}): no pass tries it again and {@code _top_priority} counts it behind every job.
     */
    boolean heldForGood;
    /** The last answer for this pending job and the state and time it was asked in. */
    Suggestion asked;
    ClusterState askedIn;
    double askedAt;
    JobRequest askedFor;

    ReplayJob(String name, JobRequest spec, double submitted) {
        this.name = name;
        this.spec = spec;
        this.submitted = submitted;
    }

    /**
     * Drops a job's remembered answer once it leaves the queue: the state it was asked in would otherwise
     * stay reachable from every job of a long replay (a 100,000-job script ran out of a 3 GB heap).
     */
    void forgetAnswer() {
        asked = null;
        askedIn = null;
        askedFor = null;
    }

    /** How the running job holds its nodes: whole ({@code --exclusive}), whole blocks ({@code --exclusive=topo}). */
    ClusterState.Hold hold() {
        return spec.exclusive() ? ClusterState.Hold.WHOLE_NODES
                : spec.exclusiveTopo() ? ClusterState.Hold.WHOLE_BLOCKS : ClusterState.Hold.LISTED;
    }
}
