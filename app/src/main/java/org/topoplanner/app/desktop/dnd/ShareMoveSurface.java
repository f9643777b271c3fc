package org.topoplanner.app.desktop.dnd;

import java.util.Optional;
import org.topoplanner.app.desktop.canvas.ShareGrab;
import org.topoplanner.app.plan.DropFeedback;
import org.topoplanner.app.plan.DropTarget;

/**
 * What differs between moving a share in the fabric view and in the node view: which target the
 * pointer stands for, and how the ghost is drawn. The rest of a move is {@link ShareMover}'s.
 *
 * @param <G> how the job was grabbed in the view
 * @param <S> what the pointer is over in the view
 */
interface ShareMoveSurface<G extends ShareGrab, S> {
    /** The target the share would move to with the pointer over {@code spot}; empty where it lands nowhere. */
    Optional<DropTarget> target(G grab, S spot);

    /** Draws what the user is told about the share over {@code target} (at {@code spot}). */
    void ghost(DropFeedback feedback, DropTarget target, S spot);

    void clearGhost();

    /** True when the share only moves among the GPUs of its own host (the node view). */
    boolean withinHost();
}
