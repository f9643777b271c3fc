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

    public static PlanEdit replaceCluster(Cluster cluster, String how) {
        return edit(how, p -> p.withCluster(cluster));
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
