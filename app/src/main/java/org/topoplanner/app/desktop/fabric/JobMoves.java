package org.topoplanner.app.desktop.fabric;

/**
 * Told while a placed job is moved by hand in the fabric view. The view only knows where the pointer
 * is; what the move means for the plan (and the ghost that shows it) is the listener's business.
 * Coordinates are in the view's local space, ready for {@link FabricView#hostAt} and
 * {@link FabricView#switchAt}.
 */
public interface JobMoves {
    /** The grabbed job is over a point of the view. */
    void over(JobGrab grab, double x, double y);

    /** The grabbed job was let go at a point of the view. */
    void dropped(JobGrab grab, double x, double y);

    /** The move was given up (Escape); nothing should change. */
    void cancelled(JobGrab grab);
}
