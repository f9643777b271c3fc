package org.topoplanner.app.desktop.canvas;

/** How a drag ghost looks: the allocator's verdict on the suggestion under the pointer. */
public enum GhostState {
    /** The job fits and follows the policy. */
    VALID,
    /** The job fits but the policy has warnings (e.g. more switches than asked). */
    WARNING,
    /** The job cannot be placed there. */
    IMPOSSIBLE
}
