package org.topoplanner.allocator.replay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The starts the replay's passes made that slurmctld's background pass has not made yet when the harness's next
 * step reaches it, and the measured pass times that say so ({@link MeasuredRun}): the submission's top-priority
 * test leaves them out and a cancel may take them back. Kept together because they change together.
 */
final class UnseenStarts {
    /**
     * Jobs the replay started in the pass right after a submission behind pending ones, while the harness
     * went on submitting (0.02-0.2 s a job). slurmctld's background thread runs that pass at most about once a
     * second ({@code _slurmctld_background} sleeps 10 x 0.1 s a round), so these have mostly not started when
     * the next {@code sbatch} tests its job ({@link SubmitTest#submitTest}) or asks whether it is top priority; they
     * count as started again after a step the harness waits on (a cancel that frees a running job, a sleep, a reset,
     * a job that started at its submission).
     */
    final Set<String> startedUnseen = new HashSet<>();
    /**
     * The reason slurmctld still has on each job whose reason (or start) came from such an unseen pass: the reason
     * the job had before it. {@code _top_priority} reads {@code job_ptr2->state_reason} as it is when the next
     * submission arrives (22.05 {@code misc_policy_job_runnable_state} and {@code part_policy_job_runnable_state},
     * 24.11 and 26.05 {@code job_state_reason_check(..., JSR_QOS_ASSOC | JSR_MISC | JSR_PART)}, {@code job_mgr.c}),
     * so a job the unseen pass put on {@code ReqNodeNotAvail} still holds the next one back with the reason its own
     * submission left ({@code Resources}, {@code Priority}). Own case featfz9 f12, f15 (22.05.8, 26.05.5): f11
     * ({@code -w c1}, {@code Resources} at its submission) is still {@code Resources} when f12 arrives 28 ms later;
     * the pass that words it {@code ReqNodeNotAvail} began 0.14 s after its RPC, after f15's.
     */
    final Map<String, String> reasonsUnseen = new HashMap<>();
    /** The jobs the current pass started. */
    final List<String> passStarted = new ArrayList<>();
    /**
     * The jobs the pass after the last step started, when that step was a submission behind pending jobs: slurmctld
     * runs that pass at its next round, after a cancel the harness sends at once (see {@link Cancellation#cancel}).
     */
    List<String> lastPassStarts = List.of();
    /**
     * The starts the replay's passes made after submissions whose measured pass ({@link MeasuredRun#passAfterNextStep})
     * began after the harness's next step, with that pass's time; and when the last submission's next step reached
     * slurmctld. A cancel of a running job that comes before such a pass takes those starts back, as {@link
     * PassTiming.AfterNextCancel} does for every such cancel.
     */
    final List<Map.Entry<Double, List<String>>> measuredLaterPasses = new ArrayList<>();
    double lastNextStep = Double.NaN;

    /** Every pass the replay ran is slurmctld's too by now: nothing stays unseen. */
    void allSeen() {
        startedUnseen.clear();
        reasonsUnseen.clear();
    }

    /** The reasons of the pending jobs of {@code queue}, before a pass that slurmctld runs only later. */
    static Map<String, String> reasonsOf(Map<String, ReplayJob> queue) {
        Map<String, String> out = new LinkedHashMap<>();
        queue.forEach((k, j) -> out.put(k, j.reason));
        return out;
    }

    /**
     * Notes that the pass just run, over the queue whose reasons were {@code before}, is unseen by slurmctld: its
     * starts ({@link #passStarted}) and the reasons it changed.
     */
    void passUnseen(Map<String, String> before, Map<String, ReplayJob> queue) {
        startedUnseen.addAll(passStarted);
        before.forEach((k, reason) -> {
            ReplayJob now = queue.get(k);
            if (now == null ? passStarted.contains(k) : !Objects.equals(now.reason, reason)) {
                reasonsUnseen.putIfAbsent(k, reason);
            }
        });
    }

    /** The reason slurmctld has on the pending (or started unseen) job {@code key} now. */
    String reasonSeen(String key, ReplayJob job) {
        return reasonsUnseen.getOrDefault(key, job.reason);
    }

    /**
     * The starts of the passes measured to begin before {@code when} ({@link #measuredLaterPasses}): slurmctld had made
     * them by then. None when {@code when} is unknown; the list is kept.
     */
    Set<String> startsOfPassesBefore(double when) {
        Set<String> out = new HashSet<>();
        if (!Double.isNaN(when)) {
            measuredLaterPasses.stream().filter(e -> e.getKey() < when).forEach(e -> out.addAll(e.getValue()));
        }
        return out;
    }

    /** The earliest measured pass at or after {@code when} whose starts are still kept ({@link #measuredLaterPasses}). */
    double firstPassAfter(double when) {
        return measuredLaterPasses.stream().mapToDouble(Map.Entry::getKey).filter(t -> t >= when).min()
                .orElse(Double.NaN);
    }

    /**
     * The starts to take back at a submission that reached slurmctld at {@code rpc}: those of the passes measured to
     * begin at or after both the last submission's next step ({@link #lastNextStep}) and {@code rpc}. When a step came
     * between (the cancel of a pending job, which queues no pass of its own), {@link #lastNextStep} is that step's
     * time, and a measured pass that began after it but before {@code rpc} ran before this submission arrived: its
     * starts are slurmctld's, and as it served every request queued before it, every start the replay made so far is
     * seen ({@link #allSeen}). A timing rule, read in the timed fields: own case featfz13 26.05.5, f68 (RPC
     * :49.863) then cancel f64 (pending, :49.931), the pass at :50.002 starts f62, f59, f58, f61, f68 (sched log
     * allocs), f69's RPC at :50.059; the replay had taken those starts back at f69 and rerun them after f71, whose
     * record in mix (PriorityTier 2) it then tried before f61 and f68 (partition all) held b4, c1 and c2:
     * {@code Insufficient_resources_in_topology_unit}, where slurmctld wrote {@code Resources}. The list is used up.
     */
    List<String> startsOfPassesAfterSubmission(double rpc) {
        if (Double.isNaN(rpc) || Double.isNaN(lastNextStep) || rpc <= lastNextStep) {
            return startsOfPassesAfter(lastNextStep);
        }
        double stepBefore = lastNextStep;
        boolean ranBefore = measuredLaterPasses.stream().anyMatch(e -> e.getKey() >= stepBefore && e.getKey() < rpc);
        List<String> out = startsOfPassesAfter(rpc);
        if (ranBefore) {
            allSeen();
        }
        return out;
    }

    /**
     * The starts still unseen that passes measured to begin at or after {@code when} made ({@link
     * #measuredLaterPasses}); none when {@code when} is unknown. The list is used up.
     */
    List<String> startsOfPassesAfter(double when) {
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
}
