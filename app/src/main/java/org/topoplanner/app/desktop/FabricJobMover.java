package org.topoplanner.app.desktop;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.topoplanner.allocator.validate.Violation;
import org.topoplanner.app.desktop.fabric.FabricView;
import org.topoplanner.app.desktop.fabric.GhostState;
import org.topoplanner.app.desktop.fabric.JobGrab;
import org.topoplanner.app.desktop.fabric.JobMoves;
import org.topoplanner.app.desktop.state.PlanViewModel;
import org.topoplanner.app.plan.Advice;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.app.plan.ViolationChange;
import org.topoplanner.model.hostlist.Hostlist;

/**
 * A placed job grabbed by its GPUs in the fabric view and moved by hand (see
 * {@link org.topoplanner.app.plan.ShareMove}): while it is dragged, the job as it would stand after
 * the move is drawn as a ghost in the verdict's colour with the reason in the status bar, asked
 * again only when the target under the pointer changes; the drop is one undoable edit; Escape
 * leaves everything as it was.
 */
final class FabricJobMover implements JobMoves {
    private final PlanViewModel vm;
    private final Consumer<String> status;
    private final FabricView view;
    private DropTarget lastTarget;
    private JobGrab moving;
    private List<Violation> before = List.of();

    FabricJobMover(PlanViewModel vm, Consumer<String> status, FabricView view) {
        this.vm = vm;
        this.status = status;
        this.view = view;
    }

    @Override
    public void over(JobGrab grab, double x, double y) {
        if (!grab.equals(moving)) {
            moving = grab;
            lastTarget = null;
            Advice now = vm.check(grab.job());
            before = now == null ? List.of() : now.violations();
        }
        DropTarget target = FabricDropHandler.targetAt(view, x, y);
        if (target.equals(lastTarget)) {
            return;
        }
        lastTarget = target;
        Optional<Advice> advice = vm.adviseShareMove(grab.job(), grab.host(), target);
        if (advice.isEmpty()) {
            view.clearGhost();
            status.accept("Move " + grab.job() + ": drop its GPUs of " + grab.host()
                    + " on another host or switch; Esc cancels");
            return;
        }
        Advice a = advice.get();
        a.placementIfAny().ifPresentOrElse(p -> {
            Map<String, List<Integer>> gpus = new LinkedHashMap<>();
            p.hosts().forEach(h -> gpus.put(h.host(), h.gpus()));
            view.ghost(gpus.keySet(), gpus, FabricDropHandler.ghost(a.verdict()));
        }, () -> view.ghost(new LinkedHashSet<>(view.hostsAt(x, y)), Map.of(), GhostState.IMPOSSIBLE));
        status.accept(a.placementIfAny().isEmpty() ? FabricDropHandler.describe(a, target)
                : FabricDropHandler.symbol(a) + " " + where(target) + ": " + Hostlist.compressSorted(a.placement().hostNames())
                + " \u2014 " + ViolationChange.between(before, a.violations()).summary());
    }

    @Override
    public void dropped(JobGrab grab, double x, double y) {
        view.clearGhost();
        lastTarget = null;
        moving = null;
        Optional<Advice> advice = vm.moveShare(grab.job(), grab.host(), FabricDropHandler.targetAt(view, x, y));
        if (advice.isEmpty()) {
            status.accept(grab.job() + " stays where it was");
        } else if (advice.get().placementIfAny().isEmpty()) {
            status.accept("cannot move " + grab.job() + " there: " + advice.get().reason());
        } else {
            Advice a = advice.get();
            status.accept("moved " + grab.job() + " to " + Hostlist.compressSorted(a.placement().hostNames()) + " \u2014 "
                    + ViolationChange.between(before, a.violations()).summary());
        }
    }

    @Override
    public void cancelled(JobGrab grab) {
        view.clearGhost();
        lastTarget = null;
        moving = null;
        vm.clearAdvice();
        status.accept("move of " + grab.job() + " cancelled");
    }

    private static String where(DropTarget t) {
        return t instanceof DropTarget.OnSwitch s ? "under " + s.name()
                : t instanceof DropTarget.OnHost h ? "on " + h.name() : "there";
    }
}
