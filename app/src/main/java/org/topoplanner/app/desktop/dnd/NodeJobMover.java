package org.topoplanner.app.desktop.dnd;

import org.topoplanner.app.desktop.state.DroppablePlan;
import java.util.List;
import java.util.Optional;
import org.topoplanner.app.desktop.canvas.GpuGrab;
import org.topoplanner.app.desktop.node.NodeView;
import org.topoplanner.app.plan.DropFeedback;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.app.plan.GpuSlide;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.node.Gpu;

/**
 * A share grabbed by one of its GPUs in the node view slides onto other GPUs of the same host (see
 * {@link GpuSlide} for where it lands); its ghost covers the GPUs it would take. Moving it to another
 * host is the fabric view's gesture.
 */
final class NodeJobMover implements ShareMoveSurface<GpuGrab, Integer> {
    private final DroppablePlan vm;
    private final NodeView view;

    NodeJobMover(DroppablePlan vm, NodeView view) {
        this.vm = vm;
        this.view = view;
    }

    /** The GPUs the grabbed share lands on with the pointer over {@code gpu}; empty off the GPUs. */
    @Override
    public Optional<DropTarget> target(GpuGrab grab, Integer gpu) {
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

    @Override
    public void ghost(DropFeedback feedback, DropTarget target, Integer gpu) {
        view.ghost(target instanceof DropTarget.OnGpus g ? g.gpus() : List.of(), GhostVerdicts.of(feedback.verdict()));
    }

    @Override
    public void clearGhost() {
        view.clearGhost();
    }

    @Override
    public boolean withinHost() {
        return true;
    }
}
