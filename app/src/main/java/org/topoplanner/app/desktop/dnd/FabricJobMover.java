package org.topoplanner.app.desktop.dnd;

import org.topoplanner.app.desktop.state.DroppablePlan;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import javafx.geometry.Point2D;
import org.topoplanner.app.desktop.canvas.GhostState;
import org.topoplanner.app.desktop.canvas.JobGrab;
import org.topoplanner.app.desktop.fabric.FabricView;
import org.topoplanner.app.plan.DropFeedback;
import org.topoplanner.app.plan.DropTarget;

/**
 * A share grabbed by its GPUs in the fabric view goes to the host or under the switch at the pointer;
 * its ghost covers the job's GPUs after the move, or (when the share cannot go there) the hosts under
 * the pointer in red.
 */
final class FabricJobMover implements ShareMoveSurface<JobGrab, Point2D> {
    private final FabricView view;

    FabricJobMover(FabricView view) {
        this.view = view;
    }

    @Override
    public Optional<DropTarget> target(JobGrab grab, Point2D spot) {
        return Optional.of(FabricDropHandler.targetAt(view, spot.getX(), spot.getY()));
    }

    @Override
    public void ghost(DropFeedback feedback, DropTarget target, Point2D spot) {
        if (feedback.ghost().isEmpty()) {
            view.ghost(new LinkedHashSet<>(view.hostsAt(spot.getX(), spot.getY())), Map.of(), GhostState.IMPOSSIBLE);
        } else {
            view.ghost(feedback.ghost().keySet(), feedback.ghost(), GhostVerdicts.of(feedback.verdict()));
        }
    }

    @Override
    public void clearGhost() {
        view.clearGhost();
    }

    @Override
    public boolean withinHost() {
        return false;
    }
}
