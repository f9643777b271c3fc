package org.topoplanner.app.desktop.inspector;

import java.util.List;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.app.desktop.state.BackgroundRefresh;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.app.plan.PolicyComparison;
import org.topoplanner.model.job.JobRequest;

/**
 * The lines of the inspector's every-policy table, filled in off the FX thread. Asking every policy
 * about a job takes seconds on a 16,384-host fabric, so each change shows "computing…" for every
 * policy at once and the answers replace them when the {@link BackgroundRefresh} hands them over;
 * answers to a question that a newer change has replaced are dropped. Only javafx.collections is
 * used, so it is tested without a toolkit.
 */
final class PolicyComparisonRows {
    private final ObservableList<ComparisonLine> lines = FXCollections.observableArrayList();
    private final BackgroundRefresh<List<PolicyComparison.Row>> refresh;
    private final PolicyComparison comparison = new PolicyComparison();
    private Plan askedPlan;
    private JobRequest askedRequest;
    private PolicyOptions askedSettings;

    PolicyComparisonRows(BackgroundRefresh<List<PolicyComparison.Row>> refresh) {
        this.refresh = refresh;
    }

    ObservableList<ComparisonLine> lines() {
        return lines;
    }

    /**
     * Asks every policy about {@code request} on {@code plan} under the same {@code settings}; nothing is
     * recomputed for the same question.
     */
    void compare(Plan plan, JobRequest request, PolicyOptions settings) {
        // Plans are immutable snapshots, so the same instance is the same cluster state.
        if (plan == askedPlan && request.equals(askedRequest) && settings.equals(askedSettings)) {
            return;
        }
        askedPlan = plan;
        askedRequest = request;
        askedSettings = settings;
        List<String> policies = PolicyCatalog.ids();
        lines.setAll(policies.stream().map(ComparisonLine::computing).toList());
        refresh.request(() -> comparison.compare(plan, request, settings),
                rows -> lines.setAll(rows.stream().map(ComparisonLine::of).toList()),
                e -> lines.setAll(policies.stream().map(p -> ComparisonLine.failed(p, String.valueOf(e.getMessage())))
                        .toList()));
    }

    /** No job: an empty table, and whatever is still being computed is dropped. */
    void clear() {
        refresh.cancel();
        askedPlan = null;
        askedRequest = null;
        askedSettings = null;
        lines.clear();
    }
}
