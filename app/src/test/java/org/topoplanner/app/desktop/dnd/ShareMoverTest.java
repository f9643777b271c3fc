package org.topoplanner.app.desktop.dnd;

import org.topoplanner.app.desktop.QueuedExecutor;
import org.topoplanner.app.desktop.state.BackgroundRefresh;
import org.topoplanner.app.desktop.state.DroppablePlan;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.validate.Violation;
import org.topoplanner.app.desktop.canvas.JobGrab;
import org.topoplanner.app.plan.Advice;
import org.topoplanner.app.plan.DropFeedback;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.app.plan.Verdict;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * The move of a share as both views do it, without a window: the plan is a recording stand-in (the
 * real answers are {@code ShareMove}'s, tested in {@code plan}), the pointer is over a host by name.
 * What is checked is the mover's own part: when it asks, what it clears, what it says.
 */
class ShareMoverTest {
    private static final Violation CROSS_LEAF = new Violation("CROSS_LEAF", Severity.WARNING, List.of("leaf3"),
            "spans leaf1 and leaf3");
    private final RecordingPlan plan = new RecordingPlan();
    private final RecordingSurface surface = new RecordingSurface();
    private final List<String> status = new ArrayList<>();
    /** Answers the moment they are asked, as if the policy took no time. */
    private final ShareMover<JobGrab, String> mover = new ShareMover<>(plan, status::add, surface,
            new BackgroundRefresh<>(Runnable::run, Runnable::run));
    private final QueuedExecutor worker = new QueuedExecutor();
    private final QueuedExecutor fx = new QueuedExecutor();
    /** Answers when the test runs the worker and then the FX thread: a policy slower than the pointer. */
    private final ShareMover<JobGrab, String> slowMover = new ShareMover<>(plan, status::add, surface,
            new BackgroundRefresh<>(worker, fx));
    private final JobGrab grab = new JobGrab("n4x8", "node09");

    @BeforeEach
    void before() {
        plan.now = new Advice(placement("node09", "node10"), List.of(), null, Verdict.VALID, "");
    }

    @Test
    void theTargetIsAskedAboutOnceWhileThePointerStaysOnIt() {
        mover.over(grab, "node20");
        mover.over(grab, "node20");
        mover.over(grab, "node20");

        assertThat(plan.asked).containsExactly(new DropTarget.OnHost("node20"));
        assertThat(plan.checks).isEqualTo(1);
        assertThat(surface.ghosts).containsExactly(Verdict.WARNINGS);
        assertThat(status).containsExactly("\u26a0 on node20: node[10,20] \u2014 worse: CROSS_LEAF: spans leaf1 and leaf3");

        mover.over(grab, "node21");
        assertThat(plan.asked).hasSize(2);
    }

    @Test
    void whereTheShareWouldNotMoveTheGhostAndTheAdviceGoAndTheHintSaysWhatToDo() {
        mover.over(grab, "node20");
        mover.over(grab, "node09");

        assertThat(plan.live).isNull();
        assertThat(surface.cleared).isEqualTo(1);
        assertThat(status).last().isEqualTo(DropFeedback.shareHint("n4x8", "node09", false));
    }

    @Test
    void aDropMovesOnceAndSaysWhatGotWorse() {
        mover.over(grab, "node20");
        mover.dropped(grab, "node20");

        assertThat(plan.moved).containsExactly(new DropTarget.OnHost("node20"));
        assertThat(plan.live).isNull();
        assertThat(surface.cleared).isEqualTo(1);
        assertThat(status).last().isEqualTo("moved n4x8 to node[10,20] \u2014 worse: CROSS_LEAF: spans leaf1 and leaf3");
    }

    @Test
    void aDropOffTheTargetsMovesNothing() {
        mover.over(grab, "node20");
        mover.dropped(grab, null);

        assertThat(plan.moved).isEmpty();
        assertThat(plan.live).isNull();
        assertThat(status).last().isEqualTo("n4x8 stays where it was");
    }

    @Test
    void escapeLeavesEverythingAsItWasAndTheNextMoveStartsAfresh() {
        mover.over(grab, "node20");
        mover.cancelled(grab);

        assertThat(plan.moved).isEmpty();
        assertThat(plan.live).isNull();
        assertThat(status).last().isEqualTo("move of n4x8 cancelled");

        mover.over(grab, "node20");
        assertThat(plan.asked).hasSize(2);
        assertThat(plan.checks).isEqualTo(2);
    }

    @Test
    void whenThePointerOutrunsThePolicyOnlyTheNewestTargetIsAnswered() {
        slowMover.over(grab, "node20");
        slowMover.over(grab, "node21");
        slowMover.over(grab, "node22");
        assertThat(surface.ghosts).as("nothing drawn before an answer").isEmpty();

        worker.runAll();
        fx.runAll();

        assertThat(plan.asked).containsExactly(new DropTarget.OnHost("node22"));
        assertThat(surface.ghosts).containsExactly(Verdict.WARNINGS);
        assertThat(status).containsExactly("\u26a0 on node22: node[10,22] \u2014 worse: CROSS_LEAF: spans leaf1 and leaf3");
    }

    @Test
    void anAnswerForATargetThePointerHasLeftIsNeverDrawn() {
        slowMover.over(grab, "node20");
        worker.runAll();
        slowMover.over(grab, "node21");
        fx.runAll();
        assertThat(surface.ghosts).as("node20's answer came after the pointer left it").isEmpty();
        assertThat(plan.live).isNull();

        worker.runAll();
        fx.runAll();
        assertThat(surface.ghosts).hasSize(1);
        assertThat(status).last().asString().startsWith("\u26a0 on node21");
    }

    @Test
    void escapeDropsTheAnswerUnderWay() {
        slowMover.over(grab, "node20");
        worker.runAll();
        slowMover.cancelled(grab);
        fx.runAll();

        assertThat(surface.ghosts).isEmpty();
        assertThat(plan.live).isNull();
        assertThat(status).containsExactly("move of n4x8 cancelled");
    }

    private static Placement placement(String... hosts) {
        List<HostAllocation> on = new ArrayList<>();
        for (String h : hosts) {
            on.add(HostAllocation.of(h, List.of(0, 1, 2, 3, 4, 5, 6, 7), CpuSet.parse("0-7")));
        }
        return new Placement("n4x8", on);
    }

    /** The share moves from node09 to the host under the pointer (node09 itself: no move), with a CROSS_LEAF. */
    private static final class RecordingPlan implements DroppablePlan {
        final List<DropTarget> asked = new ArrayList<>();
        final List<DropTarget> moved = new ArrayList<>();
        final StringProperty selected = new SimpleStringProperty();
        Advice now;
        Advice live;
        int checks;

        private Optional<Advice> answer(String fromHost, DropTarget target) {
            String to = ((DropTarget.OnHost) target).name();
            return to.equals(fromHost) ? Optional.empty()
                    : Optional.of(new Advice(placement("node10", to), List.of(CROSS_LEAF), null, Verdict.WARNINGS,
                    "CROSS_LEAF: spans leaf1 and leaf3"));
        }

        @Override
        public Supplier<Optional<Advice>> shareMoveAdviceLater(String job, String fromHost, DropTarget target) {
            return () -> {
                asked.add(target);
                return answer(fromHost, target);
            };
        }

        @Override
        public void showAdvice(Advice advice) {
            live = advice;
        }

        @Override
        public Optional<Advice> moveShare(String job, String fromHost, DropTarget target) {
            moved.add(target);
            live = null;
            return answer(fromHost, target);
        }

        @Override
        public Advice check(String job) {
            checks++;
            return now;
        }

        @Override
        public void clearAdvice() {
            live = null;
        }

        @Override
        public StringProperty selectedJobProperty() {
            return selected;
        }

        @Override
        public Plan plan() {
            throw new AssertionError("a share move by host asks the plan nothing directly");
        }

        @Override
        public Supplier<Advice> adviceLater(JobRequest request, DropTarget target) {
            throw new AssertionError("a share move asks for share advice only");
        }

        @Override
        public boolean drop(JobRequest request, DropTarget target) {
            throw new AssertionError("a share move places no new job");
        }

        @Override
        public Advice move(String job, Placement placement) {
            throw new AssertionError("a share move moves the share, not the whole job");
        }
    }

    /** The pointer over a host by name ({@code null}: over nothing); records what the view would draw. */
    private static final class RecordingSurface implements ShareMoveSurface<JobGrab, String> {
        final List<Verdict> ghosts = new ArrayList<>();
        int cleared;

        @Override
        public Optional<DropTarget> target(JobGrab grab, String host) {
            return Optional.ofNullable(host).map(DropTarget.OnHost::new);
        }

        @Override
        public void ghost(DropFeedback feedback, DropTarget target, String host) {
            ghosts.add(feedback.verdict());
        }

        @Override
        public void clearGhost() {
            cleared++;
        }

        @Override
        public boolean withinHost() {
            return false;
        }
    }
}
