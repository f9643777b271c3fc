package org.topoplanner.app.desktop.node;

import javafx.scene.Cursor;
import javafx.scene.layout.Region;
import org.topoplanner.app.desktop.fabric.MoveBadge;

/**
 * Moving a placed job by hand in the node view. Pressing on a GPU a job holds arms the gesture;
 * dragging past the click slop starts the move (the badge follows the pointer, the listener draws the
 * ghost); releasing drops it and Escape gives it up. A press that does not travel stays a click, so
 * clicking a GPU still selects it.
 */
final class GpuMoveGesture {
    private final Region surface;
    private final MoveBadge badge;
    private GpuMoves listener;
    private GpuGrab armed;
    private boolean moving;

    GpuMoveGesture(Region surface, MoveBadge badge) {
        this.surface = surface;
        this.badge = badge;
    }

    void setListener(GpuMoves l) {
        listener = l;
    }

    /** True when someone listens, i.e. a press on a held GPU may start a move. */
    boolean enabled() {
        return listener != null;
    }

    /** Arms the gesture for the GPU pressed on ({@code null} disarms). */
    void arm(GpuGrab grab) {
        armed = listener == null ? null : grab;
        moving = false;
    }

    boolean armed() {
        return armed != null;
    }

    /** The job being moved, or {@code null} when no move is under way. */
    GpuGrab moving() {
        return moving ? armed : null;
    }

    /** The pointer was dragged (beyond the click slop) to a point of the surface, over GPU {@code gpu} (-1 for none). */
    void dragTo(double x, double y, int gpu) {
        if (armed == null) {
            return;
        }
        if (!moving) {
            moving = true;
            surface.setCursor(Cursor.CLOSED_HAND);
            badge.show("Move " + armed.job() + " \u00b7 GPUs of " + armed.host());
        }
        badge.follow(x, y, surface.getWidth(), surface.getHeight());
        listener.over(armed, gpu);
    }

    /** The button was released over GPU {@code gpu}; drops the job when a move is under way. */
    void release(int gpu) {
        if (moving) {
            GpuGrab g = armed;
            end();
            listener.dropped(g, gpu);
        } else {
            armed = null;
        }
    }

    /** Gives up a move under way; false when there was none (Escape then means what it always means). */
    boolean cancel() {
        if (!moving) {
            armed = null;
            return false;
        }
        GpuGrab g = armed;
        end();
        listener.cancelled(g);
        return true;
    }

    private void end() {
        armed = null;
        moving = false;
        badge.setVisible(false);
        surface.setCursor(null);
    }
}
