package org.topoplanner.app.desktop.dnd;

import org.topoplanner.app.desktop.canvas.GhostState;
import org.topoplanner.app.plan.Verdict;

/** The colour a ghost is drawn in for the plan's verdict (the canvas knows colours, the plan verdicts). */
final class GhostVerdicts {
    private GhostVerdicts() {
    }

    static GhostState of(Verdict v) {
        return switch (v) {
            case VALID -> GhostState.VALID;
            case WARNINGS -> GhostState.WARNING;
            case IMPOSSIBLE -> GhostState.IMPOSSIBLE;
        };
    }
}
