package org.topoplanner.app.desktop.state;

import java.util.Optional;
import java.util.function.Supplier;
import javafx.beans.property.StringProperty;
import org.topoplanner.app.plan.Advice;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * The plan as drags and drops see it: ask the policy about a target (on a worker; the answer is then
 * shown as the live advice), place, move, and say which job is selected. The window's view model is one; naming only
 * this much keeps drag and drop free of the window that hosts it.
 */
public interface DroppablePlan {
    Plan plan();

    /**
     * The policy's advice for a job at a target, to be answered on a worker so the pointer never waits on the
     * policy: the plan and policy are taken now, on the FX thread; the answer is not shown until given to
     * {@link #showAdvice}.
     */
    Supplier<Advice> adviceLater(JobRequest request, DropTarget target);

    /** Shows an advice answered on a worker as the live advice, on the FX thread. */
    void showAdvice(Advice advice);

    /** No live advice any more (the drag left, was dropped or given up). */
    void clearAdvice();

    /** Places a new job where the policy suggests for the target; false when it cannot go there. */
    boolean drop(JobRequest request, DropTarget target);

    /** Moves a placed job whole, kept even when it violates something; its check at the new place. */
    Advice move(String job, Placement placement);

    /** A placed job's check where it stands now, or {@code null} for no such job. */
    Advice check(String job);

    /**
     * What moving a job's share on a host to a target would give (empty when it moves nothing), to be
     * answered on a worker as {@link #adviceLater}'s question.
     */
    Supplier<Optional<Advice>> shareMoveAdviceLater(String job, String fromHost, DropTarget target);

    /** Moves a job's share on a host to a target as one edit; as {@link #shareMoveAdviceLater} for what it returns. */
    Optional<Advice> moveShare(String job, String fromHost, DropTarget target);

    /** The selected job's name (a drop selects the job it placed or moved). */
    StringProperty selectedJobProperty();
}
