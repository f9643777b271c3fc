package org.topoplanner.app.desktop;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.topoplanner.allocator.validate.Violation;
import org.topoplanner.app.desktop.node.GpuGrab;
import org.topoplanner.app.desktop.node.GpuMoves;
import org.topoplanner.app.desktop.node.NodeView;
import org.topoplanner.app.desktop.state.PlanViewModel;
import org.topoplanner.app.plan.Advice;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.app.plan.GpuSlide;
import org.topoplanner.app.plan.ViolationChange;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.node.Gpu;

/**
 * A placed job grabbed by one of its GPUs in the node view and dragged onto other GPUs of the same
 * host (see {@link GpuSlide} for where the share lands and {@link org.topoplanner.app.plan.ShareMove}
 * for what moves with it): while it is dragged, the GPUs it would take are drawn as a ghost in the
 * verdict's colour with what got worse in the status bar, asked again only when the target changes;
 * the drop is one undoable edit; Escape leaves everything as it was. Moving it to another host is the
 * fabric view's gesture.
 */
final class NodeJobMover implements GpuMoves {
    private final PlanViewModel vm;
    private final Consumer<String> status;
    private final NodeView view;
    private GpuGrab moving;
    private DropTarget lastTarget;
    private List<Violation> before = List.of();

    NodeJobMover(PlanViewModel vm, Consumer<String> status, NodeView view) {
        this.vm = vm;
        this.status = status;
        this.view = view;
    }

    @Override
    public void over(GpuGrab grab, int gpu) {
        if (!grab.equals(moving)) {
            moving = grab;
            lastTarget = null;
            Advice now = vm.check(grab.job());
            before = now == null ? List.of() : now.violations();
        }
        Optional<DropTarget.OnGpus> target = target(grab, gpu);
        if (target.equals(Optional.ofNullable(lastTarget))) {
            return;
        }
        lastTarget = target.orElse(null);
        Optional<Advice> advice = target.flatMap(t -> vm.adviseShareMove(grab.job(), grab.host(), t));
        if (advice.isEmpty()) {
            vm.clearAdvice();
            view.clearGhost();
            status.accept("Move " + grab.job() + ": drop its GPUs on other GPUs of " + grab.host()
                    + " (the Fabric tab moves it to another host); Esc cancels");
            return;
        }
        Advice a = advice.get();
        view.ghost(target.get().gpus(), FabricDropHandler.ghost(a.verdict()));
        status.accept(a.placementIfAny().isEmpty() ? FabricDropHandler.describe(a, target.get())
                : FabricDropHandler.symbol(a) + " on " + grab.host() + " GPUs " + gpuList(target.get().gpus()) + ": "
                + ViolationChange.between(before, a.violations()).summary());
    }

    @Override
    public void dropped(GpuGrab grab, int gpu) {
        view.clearGhost();
        moving = null;
        lastTarget = null;
        Optional<DropTarget.OnGpus> target = target(grab, gpu);
        Optional<Advice> advice = target.flatMap(t -> vm.moveShare(grab.job(), grab.host(), t));
        vm.clearAdvice();
        if (advice.isEmpty()) {
            status.accept(grab.job() + " stays where it was");
        } else if (advice.get().placementIfAny().isEmpty()) {
            status.accept("cannot move " + grab.job() + " there: " + advice.get().reason());
        } else {
            status.accept("moved " + grab.job() + " to " + grab.host() + " GPUs " + gpuList(target.get().gpus())
                    + " \u2014 " + ViolationChange.between(before, advice.get().violations()).summary());
        }
    }

    @Override
    public void cancelled(GpuGrab grab) {
        view.clearGhost();
        moving = null;
        lastTarget = null;
        vm.clearAdvice();
        status.accept("move of " + grab.job() + " cancelled");
    }

    /** The GPUs the grabbed share lands on with the pointer over {@code gpu}; empty off the GPUs. */
    private Optional<DropTarget.OnGpus> target(GpuGrab grab, int gpu) {
        if (gpu < 0) {
            return Optional.empty();
        }
        var placement = vm.plan().placements().get(grab.job());
        List<Integer> share = placement == null ? List.of()
                : placement.on(grab.host()).map(HostAllocation::gpus).orElse(List.of());
        List<Integer> nodeGpus = vm.plan().cluster().node(grab.host()).gpus().stream().map(Gpu::index).toList();
        List<Integer> landing = new GpuSlide(nodeGpus, share, grab.gpu()).landing(gpu, view.getSelectedGpus());
        return landing.isEmpty() ? Optional.empty() : Optional.of(new DropTarget.OnGpus(grab.host(), landing));
    }

    private static String gpuList(List<Integer> gpus) {
        return String.join(",", gpus.stream().map(String::valueOf).toList());
    }
}
