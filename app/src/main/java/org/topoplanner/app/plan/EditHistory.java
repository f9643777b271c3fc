package org.topoplanner.app.plan;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * The undo and redo stacks (Scene Builder's JobManager, with plans as snapshots): bounded, so a long
 * session does not keep every plan; a new edit clears what could be redone.
 */
public final class EditHistory {
    private final int limit;
    private final Deque<Step> undo = new ArrayDeque<>();
    private final Deque<Step> redo = new ArrayDeque<>();
    private Plan current;

    private record Step(String description, Plan before, Plan after) {
    }

    public EditHistory(Plan start, int limit) {
        this.current = start;
        this.limit = limit;
    }

    public Plan current() {
        return current;
    }

    public Plan perform(PlanEdit edit) {
        Plan after = edit.apply(current);
        undo.push(new Step(edit.description(), current, after));
        while (undo.size() > limit) {
            undo.removeLast();
        }
        redo.clear();
        current = after;
        return current;
    }

    public Optional<Plan> undo() {
        if (undo.isEmpty()) {
            return Optional.empty();
        }
        Step s = undo.pop();
        redo.push(s);
        current = s.before();
        return Optional.of(current);
    }

    public Optional<Plan> redo() {
        if (redo.isEmpty()) {
            return Optional.empty();
        }
        Step s = redo.pop();
        undo.push(s);
        current = s.after();
        return Optional.of(current);
    }

    public Optional<String> undoDescription() {
        return Optional.ofNullable(undo.peek()).map(Step::description);
    }

    public Optional<String> redoDescription() {
        return Optional.ofNullable(redo.peek()).map(Step::description);
    }

    /** Starts over from a plan (after Open or New): nothing to undo. */
    public void reset(Plan start) {
        undo.clear();
        redo.clear();
        current = start;
    }
}
