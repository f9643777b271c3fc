package org.topoplanner.allocator.replay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.replay.ReplayEvent;

/**
 * What slurmctld holds during one replay: the node state, the clock, every job by key and name, the queue and
 * where events go. One instance is shared by the classes that act out a step ({@link Submission},
 * {@link SchedulingPass}, {@link Cancellation}), as slurmctld's job list and node tables are.
 */
final class ControllerState {
    final PlacementPolicy policy;
    /** The harness's {@code seq} of the last submission: it counts every job step, a refused one too. */
    int seq;
    /**
     * Whether the last step slurmctld saw was a submission (a refused one too): then the harness's next step is the
     * one whose time that submission's measured {@code nextStep} is ({@link MeasuredRun.Submission}).
     */
    boolean lastStepSubmission;
    ClusterState state;
    double now;
    /**
     * Every job by its key: the script's name, or for a second job of a name still known, the name
     * and a number (Slurm allows any number of jobs of one name; each has its own job id).
     */
    final Map<String, ReplayJob> jobs = new LinkedHashMap<>();
    /** The keys of the jobs of each name, in submission order: {@code scancel -n} cancels them all. */
    final Map<String, List<String>> byName = new HashMap<>();
    /**
     * The pending jobs in submission order: what a scheduling pass walks. Kept apart from {@link #jobs},
     * which also holds running and cancelled jobs for snapshots, so a pass costs the queue, not the history.
     */
    final Map<String, ReplayJob> queue = new LinkedHashMap<>();
    /** Where events go as they happen: a long replay is written out, not held. */
    Consumer<ReplayEvent> out;
    final Map<JobRequest, Suggestion> onEmptyCluster = new HashMap<>();

    ControllerState(Cluster cluster, PlacementPolicy policy) {
        this.policy = policy;
        this.state = ClusterState.empty(cluster);
    }

    /** The name itself when no job has it yet, else the name with the first free number. */
    String uniqueKey(String name) {
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
    boolean waits(String name) {
        return byName.getOrDefault(name, List.of()).stream().anyMatch(queue::containsKey);
    }

    /** Whether a job of this name is running. */
    boolean runs(String name) {
        return byName.getOrDefault(name, List.of()).stream().map(jobs::get)
                .anyMatch(j -> j != null && !j.gone && j.placement != null);
    }

    /** {@code scancel -n NAME}: every job of that name. */
    void cancel(String name) {
        byName.getOrDefault(name, List.of()).forEach(this::cancelKey);
    }

    void cancelKey(String name) {
        ReplayJob j = jobs.get(name);
        if (j == null || j.gone) {
            return;
        }
        if (j.placement != null) {
            state = state.without(name);
        }
        // the harness still lists a cancelled job in snapshots (scontrol keeps it for MinJobAge)
        j.gone = true;
        queue.remove(name);
        j.forgetAnswer();
    }

    /**
     * Takes back the starts of {@code keys} (jobs a replay pass started that slurmctld's has not yet): they wait
     * again, in submission order, for the pass still to come. Returns the keys taken back.
     */
    List<String> takeBackStarts(List<String> keys) {
        List<String> taken = new ArrayList<>();
        for (String k : keys) {
            ReplayJob j = jobs.get(k);
            if (j != null && !j.gone && j.placement != null) {
                state = state.without(k);
                j.placement = null;
                j.reason = org.topoplanner.allocator.PendingReason.PRIORITY.slurmName();
                taken.add(k);
            }
        }
        if (!taken.isEmpty()) {
            Map<String, ReplayJob> order = new LinkedHashMap<>();
            jobs.forEach((k, j) -> {
                if (!j.gone && j.placement == null) {
                    order.put(k, j);
                }
            });
            queue.clear();
            queue.putAll(order);
        }
        return taken;
    }
}
