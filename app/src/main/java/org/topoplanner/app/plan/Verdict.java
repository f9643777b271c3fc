package org.topoplanner.app.plan;

/** How a suggested or hand-made placement looks: drawn green, amber or red. */
public enum Verdict {
    /** Placed with no warning. */
    VALID,
    /** Placed, but it runs slower or against policy (warnings). */
    WARNINGS,
    /** Cannot be placed there now or ever, or the placement has errors. */
    IMPOSSIBLE
}
