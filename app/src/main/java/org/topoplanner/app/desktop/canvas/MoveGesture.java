package org.topoplanner.app.desktop.canvas;

import java.util.Objects;
import java.util.function.Consumer;
import javafx.scene.Cursor;
import javafx.scene.layout.Region;

/**
 * Moving a placed job by hand, the same in both views. Pressing on a job's GPUs arms the gesture;
 * dragging past the click slop starts the move (the badge follows the pointer, the listener draws the
 * ghost); releasing drops it and Escape gives it up. A press that does not travel stays a click, so
 * clicking still selects. While the move is under way the view is told which share is leaving, so it
 * can draw it as going.
 *
 * @param <G> how a job is grabbed in the view
 * @param <S> what the pointer is over in the view (see {@link ShareMoves})
 */
public final class MoveGesture<G extends ShareGrab, S> {
    private final Region surface;
    private final MoveBadge badge;
    private final Consumer<G> leaving;
    private ShareMoves<G, S> listener;
    private G armed;
    private boolean moving;

    /**
     * @param surface the region the pointer moves over (its cursor shows the hand, its size bounds the badge)
     * @param leaving told the share being moved when a move starts, and {@code null} when it ends
     */
    public MoveGesture(Region surface, MoveBadge badge, Consumer<G> leaving) {
        this.surface = Objects.requireNonNull(surface, "surface");
        this.badge = Objects.requireNonNull(badge, "badge");
        this.leaving = Objects.requireNonNull(leaving, "leaving");
    }

    public void setListener(ShareMoves<G, S> l) {
        listener = l;
    }

    /** True when someone listens, i.e. a press on a job may start a move. */
    public boolean enabled() {
        return listener != null;
    }

    /** Arms the gesture for the job pressed on ({@code null} disarms). */
    public void arm(G grab) {
        armed = listener == null ? null : grab;
        moving = false;
    }

    public boolean armed() {
        return armed != null;
    }

    /** The share being moved, or {@code null} when no move is under way. */
    public G moving() {
        return moving ? armed : null;
    }

    /** The pointer was dragged (beyond the click slop) to a point of the surface, over {@code spot}. */
    public void dragTo(double x, double y, S spot) {
        if (armed == null) {
            return;
        }
        if (!moving) {
            moving = true;
            surface.setCursor(Cursor.CLOSED_HAND);
            badge.show(armed.badgeText());
            leaving.accept(armed);
        }
        badge.follow(x, y, surface.getWidth(), surface.getHeight());
        listener.over(armed, spot);
    }

    /** The button was released over {@code spot}; drops the job when a move is under way. */
    public void release(S spot) {
        if (moving) {
            G g = armed;
            end();
            listener.dropped(g, spot);
        } else {
            armed = null;
        }
    }

    /** Gives up a move under way; false when there was none (Escape then means what it always means). */
    public boolean cancel() {
        if (!moving) {
            armed = null;
            return false;
        }
        G g = armed;
        end();
        listener.cancelled(g);
        return true;
    }

    private void end() {
        armed = null;
        moving = false;
        badge.setVisible(false);
        surface.setCursor(null);
        leaving.accept(null);
    }
}
