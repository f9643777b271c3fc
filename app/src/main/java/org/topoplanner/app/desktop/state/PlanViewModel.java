package org.topoplanner.app.desktop.state;

import java.util.Optional;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.app.plan.Advice;
import org.topoplanner.app.plan.ChoiceChange;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.app.plan.EditHistory;
import org.topoplanner.app.plan.JobChecks;
import org.topoplanner.app.plan.PlacementAdvisor;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.app.plan.PlanEdit;
import org.topoplanner.app.plan.PlanEdits;
import org.topoplanner.app.plan.ShareMove;
import org.topoplanner.app.plan.Verdict;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.JobLine;

/**
 * The window's state as observable properties: the plan (through the edit history), the policy,
 * the selection, the live suggestion while dragging, and undo/redo availability. Uses only
 * javafx.beans, so it is tested without a toolkit.
 */
public final class PlanViewModel implements DroppablePlan {
    private final EditHistory history;
    private final PlacementAdvisor advisor = new PlacementAdvisor();
    private final JobChecks checks = JobChecks.of(advisor);
    private final ObjectProperty<Plan> plan = new SimpleObjectProperty<>();
    private final ObjectProperty<PolicyChoice> choice = new SimpleObjectProperty<>(PolicyChoice.DEFAULT);
    private final StringProperty selection = new SimpleStringProperty();
    private final StringProperty selectedJob = new SimpleStringProperty();
    private final ObjectProperty<Advice> liveAdvice = new SimpleObjectProperty<>();
    private final BooleanProperty canUndo = new SimpleBooleanProperty();
    private final BooleanProperty canRedo = new SimpleBooleanProperty();
    private final StringProperty undoText = new SimpleStringProperty("Undo");
    private final StringProperty redoText = new SimpleStringProperty("Redo");
    private final BooleanProperty dirty = new SimpleBooleanProperty();

    public PlanViewModel(Plan start) {
        history = new EditHistory(start, 200);
        refresh(false);
    }

    public ReadOnlyObjectProperty<Plan> planProperty() {
        return plan;
    }

    public Plan plan() {
        return plan.get();
    }

    /** The policy suggestions and checks follow, with its settings (never set it to {@code null}). */
    public ObjectProperty<PolicyChoice> choiceProperty() {
        return choice;
    }

    public PolicyChoice choice() {
        return choice.get();
    }

    public StringProperty selectionProperty() {
        return selection;
    }

    public StringProperty selectedJobProperty() {
        return selectedJob;
    }

    public ReadOnlyObjectProperty<Advice> liveAdviceProperty() {
        return liveAdvice;
    }

    public ReadOnlyBooleanProperty canUndoProperty() {
        return canUndo;
    }

    public ReadOnlyBooleanProperty canRedoProperty() {
        return canRedo;
    }

    public ReadOnlyStringProperty undoTextProperty() {
        return undoText;
    }

    public ReadOnlyStringProperty redoTextProperty() {
        return redoText;
    }

    public BooleanProperty dirtyProperty() {
        return dirty;
    }

    /** What the chosen policy would do with {@code request} dropped on {@code target}; shown as the ghost. */
    public Advice advise(JobRequest request, DropTarget target) {
        Advice a = advisor.suggest(plan(), request, target, choice.get());
        liveAdvice.set(a);
        return a;
    }

    @Override
    public Supplier<Advice> adviceLater(JobRequest request, DropTarget target) {
        Plan now = plan();
        PolicyChoice policy = choice.get();
        return () -> advisor.suggest(now, request, target, policy);
    }

    @Override
    public void showAdvice(Advice advice) {
        liveAdvice.set(advice);
    }

    @Override
    public Supplier<Optional<Advice>> shareMoveAdviceLater(String job, String fromHost, DropTarget target) {
        Plan now = plan();
        PolicyChoice policy = choice.get();
        return () -> new ShareMove(job, fromHost).advise(now, target, advisor, policy);
    }

    public void clearAdvice() {
        liveAdvice.set(null);
    }

    /** Drops a new job: places it where the policy suggests for the target; false when it cannot go there. */
    public boolean drop(JobRequest request, DropTarget target) {
        JobRequest named = request.withName(plan().freshJobName(request.name()));
        Advice a = advisor.suggest(plan(), named, target, choice.get());
        liveAdvice.set(null);
        if (a.placementIfAny().isEmpty() || a.verdict() == Verdict.IMPOSSIBLE) {
            return false;
        }
        perform(PlanEdits.place(new Job(named.name(), JobLine.toArgs(named)), a.placement()));
        selectedJob.set(named.name());
        return true;
    }

    /** Moves a placed job by hand (kept even when it violates something: validation explains it). */
    public Advice move(String job, Placement placement) {
        Placement moved = new Placement(job, placement.hosts());
        Advice a = advisor.check(plan(), plan().request(job), moved, choice.get());
        // The check above is the moved job's check in the new plan: the other jobs did not change.
        perform(PlanEdits.move(job, moved, "Move job"), job, a);
        return a;
    }

    /**
     * What moving {@code job}'s share on {@code fromHost} to {@code target} would give (see
     * {@link ShareMove}), shown as the ghost while the job is dragged in the fabric view; empty when
     * that drop would move nothing.
     */
    public Optional<Advice> adviseShareMove(String job, String fromHost, DropTarget target) {
        Optional<Advice> a = new ShareMove(job, fromHost).advise(plan(), target, advisor, choice.get());
        liveAdvice.set(a.orElse(null));
        return a;
    }

    /**
     * Moves {@code job}'s share on {@code fromHost} to {@code target} as one undoable edit, kept even
     * when it violates something (the inspector explains it); selects the job. Empty when the drop
     * moves nothing; an advice without placement when the target cannot take the share (nothing changes).
     */
    public Optional<Advice> moveShare(String job, String fromHost, DropTarget target) {
        Optional<Advice> a = new ShareMove(job, fromHost).advise(plan(), target, advisor, choice.get());
        liveAdvice.set(null);
        a.flatMap(Advice::placementIfAny).ifPresent(p -> {
            boolean whole = plan().placements().get(job).hosts().size() == 1;
            // ShareMove validated exactly this placement against the unchanged other jobs.
            perform(PlanEdits.move(job, p, whole ? "Move job" : "Move " + fromHost + "'s share of"), job, a.get());
            selectedJob.set(job);
        });
        return a;
    }

    /** Moves a job to the current policy's suggestion. */
    public boolean applySuggestion(String job) {
        Advice a = advisor.suggest(plan(), plan().request(job), DropTarget.ANYWHERE, choice.get());
        if (a.placementIfAny().isEmpty()) {
            return false;
        }
        perform(PlanEdits.move(job, new Placement(job, a.placement().hosts()), "Apply suggestion to"));
        return true;
    }

    /**
     * Validation of a placed job as it stands ({@code null} for a job not placed), remembered until the
     * plan, the policy or the settings change (see {@link JobChecks}).
     */
    public Advice check(String job) {
        return plan().placements().containsKey(job) ? checks.check(plan(), job, choice.get()) : null;
    }

    /** The validation of a placed job if it is already known; never computes, so a list cell may ask. */
    public Optional<Advice> knownCheck(String job) {
        return plan().placements().containsKey(job) ? checks.remembered(plan(), job, choice.get())
                : Optional.empty();
    }

    /**
     * The validation of a placed job as it stands now, to be computed on a worker (it takes a while on a
     * big fabric); the answer is remembered for {@link #check} and {@link #knownCheck} unless the plan,
     * policy or settings changed meanwhile. Call it on the thread that changes this model.
     */
    public Supplier<Advice> checkLater(String job) {
        Plan now = plan();
        if (!now.placements().containsKey(job)) {
            return () -> null;
        }
        return checks.later(now, job, choice.get());
    }

    public void delete(String job) {
        perform(PlanEdits.remove(job));
        if (job.equals(selectedJob.get())) {
            selectedJob.set(null);
        }
    }

    public void perform(PlanEdit edit) {
        history.perform(edit);
        refresh(true);
    }

    /** Performs an edit whose job's check is already known, remembered before anyone sees the new plan. */
    private void perform(PlanEdit edit, String job, Advice known) {
        history.perform(edit);
        checks.remember(history.current(), job, choice.get(), known);
        refresh(true);
    }

    /**
     * Makes {@code next} the policy and settings as an undoable edit (a choice equal to the current one
     * changes nothing); suggestions, checks and the inspector follow the property as before.
     */
    public void choose(PolicyChoice next) {
        if (next.equals(choice.get())) {
            return;
        }
        history.perform(ChoiceChange.to(choice.get(), next));
        choice.set(next);
        refresh(true);
    }

    /** Takes the last edit back; what it was, for the status bar ("undone: Place job train"), if any. */
    public Optional<String> undo() {
        Optional<String> what = history.undoDescription();
        Plan before = history.current();
        history.undo().ifPresent(p -> afterStep(before));
        return what;
    }

    /** Does the last undone edit again; what it was, if any. */
    public Optional<String> redo() {
        Optional<String> what = history.redoDescription();
        Plan before = history.current();
        history.redo().ifPresent(p -> afterStep(before));
        return what;
    }

    /** After undo or redo: a step that changed the policy or its settings brings that choice back too. */
    private void afterStep(Plan before) {
        PolicyChoice was = ChoiceChange.of(before);
        PolicyChoice now = ChoiceChange.of(history.current());
        if (!was.equals(now)) {
            choice.set(now);
        }
        refresh(true);
    }

    /**
     * A new document (open, recovery): nothing to undo, nothing unsaved, and the policy and settings it
     * was saved with (the defaults for a project that predates them).
     */
    public void reset(Plan start) {
        history.reset(start);
        choice.set(PolicyChoice.of(start.view()));
        selectedJob.set(null);
        selection.set(null);
        refresh(false);
        dirty.set(false);
    }

    public void markSaved() {
        dirty.set(false);
    }

    private void refresh(boolean changed) {
        plan.set(history.current());
        canUndo.set(history.undoDescription().isPresent());
        canRedo.set(history.redoDescription().isPresent());
        undoText.set(history.undoDescription().map(d -> "Undo " + d).orElse("Undo"));
        redoText.set(history.redoDescription().map(d -> "Redo " + d).orElse("Redo"));
        if (selectedJob.get() != null && plan.get().job(selectedJob.get()).isEmpty()) {
            selectedJob.set(null);
        }
        if (changed) {
            dirty.set(true);
        }
    }
}
