package org.topoplanner.app.plan;

/**
 * One edit of a plan, as a command object with a description (shown in the Edit menu as
 * "Undo Place job train"). Edits are pure: the history keeps the plans before and after, so undo
 * and redo restore state and view exactly.
 */
public interface PlanEdit {
    String description();

    Plan apply(Plan before);
}
