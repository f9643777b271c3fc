package org.topoplanner.allocator.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
    final java.util.Set<String> startedUnseen = new java.util.HashSet<>();
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
