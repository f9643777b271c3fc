package org.topoplanner.app.desktop.fabric;

import java.util.function.Consumer;
import javafx.scene.Cursor;
import javafx.scene.layout.Region;

/**
 * Moving a placed job by hand in the fabric view. Pressing on a job's GPUs arms the gesture; dragging
 * past the click slop starts the move (the badge follows the pointer, the listener draws the ghost);
 * releasing drops it and Escape gives it up. A press that does not travel stays a click, so clicking
 * a host still selects it. While the move is under way the view is told which share is leaving, so it
 * can draw it as going.
 */
final class JobMoveGesture {
    private final Region view;
    private final MoveBadge badge;
    private final Consumer<JobGrab> leaving;
    private JobMoves listener;
    private JobGrab armed;
    private boolean moving;

    /** @param leaving told the share being moved when a move starts, and {@code null} when it ends */
    JobMoveGesture(Region view, MoveBadge badge, Consumer<JobGrab> leaving) {
        this.view = view;
        this.badge = badge;
        this.leaving = leaving;
    }

    void setListener(JobMoves l) {
        listener = l;
    }

    /** True when someone listens, i.e. a press on a job may start a move. */
    boolean enabled() {
        return listener != null;
    }

    /** Arms the gesture for the job pressed on ({@code null} disarms). */
    void arm(JobGrab grab) {
        armed = listener == null ? null : grab;
        moving = false;
    }

    boolean armed() {
        return armed != null;
    }

    boolean moving() {
        return moving;
    }

    /** The pointer was dragged (beyond the click slop) to a point of the view. */
    void dragTo(double x, double y) {
        if (armed == null) {
            return;
        }
        if (!moving) {
            moving = true;
            view.setCursor(Cursor.CLOSED_HAND);
            badge.show("Move " + armed.job() + " \u00b7 from " + armed.host());
            leaving.accept(armed);
        }
        badge.follow(x, y, view.getWidth(), view.getHeight());
        listener.over(armed, x, y);
    }

    /** The button was released; drops the job when a move is under way. */
    void release(double x, double y) {
        if (moving) {
            JobGrab g = armed;
            end();
            listener.dropped(g, x, y);
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
        JobGrab g = armed;
        end();
        listener.cancelled(g);
        return true;
    }

    private void end() {
        armed = null;
        moving = false;
        badge.setVisible(false);
        view.setCursor(null);
        leaving.accept(null);
    }
}
