package org.topoplanner.app.desktop.dnd;

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
 * everything as it was. What the pointer means and how the ghost looks is the view's
 * {@link ShareMoveSurface}.
 */
final class ShareMover<G extends ShareGrab, S> implements ShareMoves<G, S> {
    private final DroppablePlan vm;
    private final Consumer<String> status;
    private final ShareMoveSurface<G, S> surface;
    private G moving;
    /** The target last asked about; {@code null} before the first question of a move. */
    private Optional<DropTarget> lastTarget;
    private List<Violation> before = List.of();

    ShareMover(DroppablePlan vm, Consumer<String> status, ShareMoveSurface<G, S> surface) {
        this.vm = vm;
        this.status = status;
        this.surface = surface;
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
        Optional<Advice> advice = target.flatMap(t -> vm.adviseShareMove(grab.job(), grab.host(), t));
        if (advice.isEmpty()) {
            vm.clearAdvice();
            surface.clearGhost();
            status.accept(DropFeedback.shareHint(grab.job(), grab.host(), surface.withinHost()));
            return;
        }
        DropFeedback feedback = DropFeedback.shareOver(advice.get(), target.get(), before);
        surface.ghost(feedback, target.get(), spot);
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
        moving = null;
        lastTarget = null;
    }
}
