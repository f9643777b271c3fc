package org.topoplanner.app.desktop.node;

/**
 * Told while a placed job is moved by hand in the node view. The view only knows which GPU is under
 * the pointer; what the move means for the plan (and the ghost that shows it) is the listener's business.
 */
public interface GpuMoves {
    /** The grabbed job is over GPU {@code gpu} of the host shown, or over no GPU ({@code -1}). */
    void over(GpuGrab grab, int gpu);

    /** The grabbed job was let go over GPU {@code gpu}, or over no GPU ({@code -1}). */
    void dropped(GpuGrab grab, int gpu);

    /** The move was given up (Escape); nothing should change. */
    void cancelled(GpuGrab grab);
}
