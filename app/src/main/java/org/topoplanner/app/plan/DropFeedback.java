package org.topoplanner.app.plan;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.topoplanner.allocator.validate.Violation;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * What the user is shown about a drag: the verdict (the ghost's colour), the ghost (the GPUs the job
 * would take, per host, in placement order; empty when it goes nowhere) and the sentence for the
 * status bar. Made from the policy's {@link Advice} and the {@link DropTarget} under the pointer, free
 * of any toolkit so every wording is tested plainly; the views only draw it. The sentences after a
 * drop are here too, so one file holds all the window says about drags.
 *
 * @param verdict  how the job would stand there
 * @param ghost    GPU indices per host the job would take (empty for none)
 * @param sentence what the status bar reads
 */
public record DropFeedback(Verdict verdict, Map<String, List<Integer>> ghost, String sentence) {
    private static final String TICK = "\u2714";
    private static final String WARN = "\u26a0";
    private static final String CROSS = "\u2716";
    private static final String DASH = " \u2014 ";

    public DropFeedback {
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(sentence, "sentence");
        Map<String, List<Integer>> copy = new LinkedHashMap<>();
        ghost.forEach((h, gpus) -> copy.put(h, List.copyOf(gpus)));
        ghost = Collections.unmodifiableMap(copy);
    }

    /**
     * A job dragged over a target (a new one from the palette, or a placed one from the job list):
     * {@code ✔ under leaf1: node[01-04]}, {@code ⚠ on node05: node05 — CODE: sentence},
     * {@code ✖ anywhere: impossible: ...}.
     */
    public static DropFeedback over(Advice a, DropTarget target) {
        String where = where(target);
        String sentence = switch (a.verdict()) {
            case VALID -> TICK + " " + where + ": " + nodes(a);
            case WARNINGS -> WARN + " " + where + ": " + nodes(a) + DASH + a.reason();
            case IMPOSSIBLE -> CROSS + " " + where + ": " + a.reason();
        };
        return new DropFeedback(a.verdict(), ghostOf(a), sentence);
    }

    /**
     * A placed job's share dragged over a target: what the move adds or clears against the job's
     * violations {@code before} it, after the nodes it would run on ({@code ⚠ on node20:
     * node[01-03,20] — worse: CROSS_LEAF: ...}); on GPUs the target already says where
     * ({@code ✔ on node01 GPUs 4,5: no violation added}). Without a placement, as {@link #over}.
     */
    public static DropFeedback shareOver(Advice a, DropTarget target, List<Violation> before) {
        if (a.placementIfAny().isEmpty()) {
            return over(a, target);
        }
        String nodes = target instanceof DropTarget.OnGpus ? "" : nodes(a) + DASH;
        return new DropFeedback(a.verdict(), ghostOf(a), symbol(a.verdict()) + " " + where(target) + ": " + nodes
                + ViolationChange.between(before, a.violations()).summary());
    }

    /** How a move of a share is done, while the pointer is where it would move nothing. */
    public static String shareHint(String job, String host, boolean withinHost) {
        return withinHost
                ? "Move " + job + ": drop its GPUs on other GPUs of " + host + " (the Fabric tab moves it to another host); Esc cancels"
                : "Move " + job + ": drop its GPUs of " + host + " on another host or switch; Esc cancels";
    }

    /** After a new job was dropped: placed under its fresh name, or why not ({@code null} advice: none was asked). */
    public static String dropped(String placedJob, Advice lastAdvice) {
        return placedJob != null ? "placed " + placedJob
                : "not placed: " + (lastAdvice == null ? "no room" : lastAdvice.reason());
    }

    /** After a placed job was dropped whole on a target (from the job list), with its violations there. */
    public static String moved(String job, Advice after) {
        return "moved " + job + ": " + (after.violations().isEmpty() ? "no violations"
                : after.violations().size() + " violation(s), first " + after.reason());
    }

    /**
     * After a share was dropped: {@code advice} {@code null} when the drop moves nothing, without a
     * placement when the target cannot take it, else where the job runs now and what got worse.
     */
    public static String shareDropped(String job, DropTarget target, Advice advice, List<Violation> before) {
        if (advice == null) {
            return job + " stays where it was";
        }
        if (advice.placementIfAny().isEmpty()) {
            return cannotMove(job, advice);
        }
        String to = target instanceof DropTarget.OnGpus g ? g.host() + " GPUs " + gpus(g.gpus())
                : Hostlist.compressSorted(advice.placement().hostNames());
        return "moved " + job + " to " + to + DASH + ViolationChange.between(before, advice.violations()).summary();
    }

    /** A move the target cannot take; nothing changed. */
    public static String cannotMove(String job, Advice a) {
        return "cannot move " + job + " there: " + a.reason();
    }

    /** A move given up with Escape. */
    public static String cancelled(String job) {
        return "move of " + job + " cancelled";
    }

    /** A palette line that is no job (the drag carries it but nothing can be placed). */
    public static String badJob(List<String> problems) {
        return "bad job: " + String.join("; ", problems);
    }

    /** The target as the status bar names it: {@code anywhere}, {@code under leaf1}, {@code on node05}, {@code on node05 GPUs 2,3}. */
    public static String where(DropTarget t) {
        if (t instanceof DropTarget.OnSwitch s) {
            return "under " + s.name();
        }
        if (t instanceof DropTarget.OnHost h) {
            return "on " + h.name();
        }
        if (t instanceof DropTarget.OnGpus g) {
            return "on " + g.host() + " GPUs " + gpus(g.gpus());
        }
        return "anywhere";
    }

    /** The verdict as the status bar leads with it. */
    static String symbol(Verdict v) {
        return switch (v) {
            case VALID -> TICK;
            case WARNINGS -> WARN;
            case IMPOSSIBLE -> CROSS;
        };
    }

    private static String nodes(Advice a) {
        return a.placementIfAny().map(p -> Hostlist.compressSorted(p.hostNames())).orElse("");
    }

    private static Map<String, List<Integer>> ghostOf(Advice a) {
        Map<String, List<Integer>> gpus = new LinkedHashMap<>();
        a.placementIfAny().map(Placement::hosts).orElse(List.of()).forEach((HostAllocation h) -> gpus.put(h.host(), h.gpus()));
        return gpus;
    }

    private static String gpus(List<Integer> gpus) {
        return String.join(",", gpus.stream().map(String::valueOf).toList());
    }
}
