package org.topoplanner.app.desktop.canvas;

/**
 * Told while a placed job is moved by hand in a view. The view only knows what the pointer is over
 * (the spot: a point of the fabric view, a GPU of the node view); what the move means for the plan,
 * and the ghost that shows it, is the listener's business.
 *
 * @param <G> how the job was grabbed
 * @param <S> what the pointer is over
 */
public interface ShareMoves<G extends ShareGrab, S> {
    /** The grabbed job is over a spot of the view. */
    void over(G grab, S spot);

    /** The grabbed job was let go over a spot of the view. */
    void dropped(G grab, S spot);

    /** The move was given up (Escape); nothing should change. */
    void cancelled(G grab);
}
