package org.topoplanner.app.desktop.dnd;

import org.topoplanner.app.desktop.state.BackgroundRefresh;
import org.topoplanner.app.desktop.state.DroppablePlan;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.topoplanner.allocator.validate.Violation;
import org.topoplanner.app.desktop.canvas.ShareGrab;
import org.topoplanner.app.desktop.canvas.ShareMoves;
import org.topoplanner.app.plan.Advice;
import org.topoplanner.app.plan.DropFeedback;
import org.topoplanner.app.plan.DropTarget;

/**
 * A placed job grabbed by its share on one host and moved by hand, in either view (see
 * {@link org.topoplanner.app.plan.ShareMove}): while it is dragged, the job as it would stand after the
 * move is drawn as a ghost in the verdict's colour, with what got worse in the status bar, asked again
 * only when the target under the pointer changes; the drop is one undoable edit; Escape leaves
 * everything as it was. The question is answered on a worker ({@link BackgroundRefresh}): the pointer
 * never waits on the policy, a burst of moves costs one answer (the newest target's), and an answer
 * for a target the pointer has left is never drawn. What the pointer means and how the ghost looks is the view's
 * {@link ShareMoveSurface}.
 */
final class ShareMover<G extends ShareGrab, S> implements ShareMoves<G, S> {
    private final DroppablePlan vm;
    private final Consumer<String> status;
    private final ShareMoveSurface<G, S> surface;
    private final BackgroundRefresh<Optional<Advice>> answers;
    private G moving;
    /** The target last asked about; {@code null} before the first question of a move. */
    private Optional<DropTarget> lastTarget;
    private List<Violation> before = List.of();

    ShareMover(DroppablePlan vm, Consumer<String> status, ShareMoveSurface<G, S> surface,
            BackgroundRefresh<Optional<Advice>> answers) {
        this.vm = vm;
        this.status = status;
        this.surface = surface;
        this.answers = answers;
    }

    @Override
    public void over(G grab, S spot) {
        if (!grab.equals(moving)) {
            moving = grab;
            lastTarget = null;
            Advice now = vm.check(grab.job());
            before = now == null ? List.of() : now.violations();
        }
        Optional<DropTarget> target = surface.target(grab, spot);
        if (Objects.equals(target, lastTarget)) {
            return;
        }
        lastTarget = target;
        if (target.isEmpty()) {
            answers.cancel();
            show(grab, Optional.empty(), null, spot);
            return;
        }
        DropTarget t = target.get();
        answers.request(vm.shareMoveAdviceLater(grab.job(), grab.host(), t), advice -> show(grab, advice, t, spot),
                e -> status.accept("cannot ask about " + grab.job() + ": " + e.getMessage()));
    }

    /** Draws the answer for {@code target}; on the FX thread, and only if it is still the newest question. */
    private void show(G grab, Optional<Advice> advice, DropTarget target, S spot) {
        if (advice.isEmpty()) {
            vm.clearAdvice();
            surface.clearGhost();
            status.accept(DropFeedback.shareHint(grab.job(), grab.host(), surface.withinHost()));
            return;
        }
        vm.showAdvice(advice.get());
        DropFeedback feedback = DropFeedback.shareOver(advice.get(), target, before);
        surface.ghost(feedback, target, spot);
        status.accept(feedback.sentence());
    }

    @Override
    public void dropped(G grab, S spot) {
        surface.clearGhost();
        forget();
        Optional<DropTarget> target = surface.target(grab, spot);
        Optional<Advice> advice = target.flatMap(t -> vm.moveShare(grab.job(), grab.host(), t));
        vm.clearAdvice();
        status.accept(DropFeedback.shareDropped(grab.job(), target.orElse(null), advice.orElse(null), before));
    }

    @Override
    public void cancelled(G grab) {
        surface.clearGhost();
        forget();
        vm.clearAdvice();
        status.accept(DropFeedback.cancelled(grab.job()));
    }

    private void forget() {
        answers.cancel();
        moving = null;
        lastTarget = null;
    }
}
