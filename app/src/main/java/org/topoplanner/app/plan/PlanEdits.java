package org.topoplanner.app.plan;

import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.project.ViewState;

/** The edits the window makes. */
public final class PlanEdits {
    private PlanEdits() {
    }

    /** A new job, placed (or left unplaced when {@code placement} is null). */
    public static PlanEdit place(Job job, Placement placement) {
        return edit("Place job " + job.name(), p -> p.withJob(job, placement));
    }

    /** A placed job moved by hand or to a suggestion. */
    public static PlanEdit move(String job, Placement placement, String how) {
        return edit(how + " " + job, p -> p.withPlacement(job, placement));
    }

    public static PlanEdit remove(String job) {
        return edit("Delete job " + job, p -> p.withoutJob(job));
    }

    /**
     * Another cluster in place of this one, as a whole (Import, Assign hardware): jobs it cannot hold
     * are dropped (see {@link Plan#withCluster}); undo brings cluster and jobs back.
     */
    public static PlanEdit replaceCluster(Cluster cluster, String how) {
        return edit(how, p -> p.withCluster(cluster));
    }

    /** A designed cluster with no jobs (New cluster…); undo brings the previous cluster and its jobs back. */
    public static PlanEdit newCluster(Cluster cluster) {
        // the policy and its settings stay: they are the window's, kept in the view for undo and saving
        return edit("New cluster " + cluster.name(),
                p -> Plan.of(cluster).withView(ChoiceChange.withChoice(Plan.of(cluster).view(), ChoiceChange.of(p))));
    }

    public static PlanEdit view(ViewState view) {
        return edit("Change view", p -> p.withView(view));
    }

    private static PlanEdit edit(String description, java.util.function.UnaryOperator<Plan> f) {
        return new PlanEdit() {
            @Override
            public String description() {
                return description;
            }

            @Override
            public Plan apply(Plan before) {
                return f.apply(before);
            }
        };
    }
}
