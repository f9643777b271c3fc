package org.topoplanner.app.desktop.inspector;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.app.desktop.state.BackgroundRefresh;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.app.plan.PolicyComparison;
import org.topoplanner.app.plan.PolicyWarmUp;
import org.topoplanner.model.job.JobRequest;

/**
 * The lines of the inspector's every-policy table, filled in off the FX thread, row by row. Asking
 * every policy about a job takes seconds on a 16,384-host fabric and the policies differ a lot in
 * speed, so each change shows "computing…" for every policy at once and each policy's answer
 * replaces its own line as soon as the {@link BackgroundRefresh} hands it over; a newer change (another
 * job, plan or setting) skips the policies not yet asked and drops answers to the old question.
 * Only javafx.collections is used, so it is tested without a toolkit.
 */
final class PolicyComparisonRows {
    private final ObservableList<ComparisonLine> lines = FXCollections.observableArrayList();
    private final BackgroundRefresh<PolicyComparison.Row> refresh;
    private final BackgroundRefresh<Plan> warmUp;
    private final PolicyComparison comparison = new PolicyComparison();
    /** The plan of the last question; read by the warm-up worker, which stops warming a plan once it is asked. */
    private volatile Plan askedPlan;
    private JobRequest askedRequest;
    private PolicyOptions askedSettings;
    /** The newest plan to warm; written on the FX thread, read by the warm-up worker. */
    private volatile Plan warmedPlan;
    private PolicyOptions warmedSettings;
    private final Executor afterThisEvent;
    private final Duration settle;
    /** Rows of the current question not yet handed over (FX thread only). */
    private int rowsComing;
    /** The newest warm-up asked for ({@link #prepare}), and whether it is still to finish (FX thread only). */
    private long warmUpAsked;
    private boolean warming;
    /** What waits for the current question's rows and the newest plan's warm-up ({@link #afterRows}); FX thread only. */
    private final List<Runnable> afterRows = new ArrayList<>();

    /**
     * @param refresh        computes the rows
     * @param warmUp         lets every policy make its tables for each new plan ({@link #prepare}); its own worker,
     *                       so a warm-up under way never holds back the rows of the job the user selected
     * @param afterThisEvent runs what it is given after the FX thread's current event ({@code Platform::runLater}):
     *                       a plan replaced again within the same event is not warmed
     * @param settle         how long a plan must stay the newest before it is warmed
     */
    PolicyComparisonRows(BackgroundRefresh<PolicyComparison.Row> refresh, BackgroundRefresh<Plan> warmUp,
                         Executor afterThisEvent, Duration settle) {
        this.refresh = refresh;
        this.warmUp = warmUp;
        this.afterThisEvent = afterThisEvent;
        this.settle = settle;
    }

    /**
     * Lets every policy make the tables of {@code plan}'s running state in the background
     * ({@link PolicyWarmUp#prepare(Plan, PolicyOptions)}), so that the rows of whichever job is selected next
     * update them for that job's hosts instead of making them from the idle cluster's. Only a plan that stayed
     * the newest for the settle time is warmed: a burst of edits (an undo run, jobs placed in a loop within one
     * event) warms its last plan, not each one (a warm-up asks six policies: 0.2-0.5 CPU-s at 16,384 hosts).
     * The same plan and settings again do nothing; a question about one of its jobs stops its warm-up (the rows
     * then make what they need, and the warm-up's own answers would only take CPU from them).
     */
    void prepare(Plan plan, PolicyOptions settings) {
        if (plan == warmedPlan && settings.equals(warmedSettings)) {
            return;
        }
        warmedPlan = plan;
        warmedSettings = settings;
        long mine = ++warmUpAsked;
        warming = true;
        afterThisEvent.execute(() -> {
            if (warmedPlan != plan) {
                return; // replaced within the same event (jobs placed in a loop): the newer one's warm-up ends it
            }
            warmUp.request(() -> {
                if (settled(plan)) {
                    PolicyWarmUp.prepare(plan, settings, () -> warmedPlan == plan && askedPlan != plan);
                }
                return plan;
            }, p -> warmedUp(mine), e -> warmedUp(mine));
        });
    }

    /** On the FX thread: warm-up number {@code done} has finished (or was stopped). */
    private void warmedUp(long done) {
        if (done == warmUpAsked) {
            warming = false;
            releaseIfIdle();
        }
    }

    /** Waits the settle time; true when {@code plan} is still the newest then. */
    private boolean settled(Plan plan) {
        if (!settle.isZero()) {
            try {
                Thread.sleep(settle.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return warmedPlan == plan;
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
        List<PolicyId> policies = PolicyCatalog.policies();
        lines.setAll(policies.stream().map(p -> ComparisonLine.computing(p.id())).toList());
        rowsComing = policies.size();
        refresh.requestEach(comparison.startOrder(), p -> comparison.row(plan, request, settings, p),
                (p, row) -> {
                    lines.set(policies.indexOf(p), ComparisonLine.of(row));
                    rowHandedOver();
                },
                (p, e) -> {
                    lines.set(policies.indexOf(p), ComparisonLine.failed(p.id(), String.valueOf(e.getMessage())));
                    rowHandedOver();
                });
    }

    /**
     * Runs {@code work} on the FX thread once neither a row of the table nor the newest plan's warm-up is still
     * being computed: now when none is, else when the last of them is handed over (or the table is cleared). The
     * job list's verdict dots wait here: their checks (each listed job validated on the plan without it, 0.2-0.3
     * CPU-s for the first 16 jobs at 16,384 hosts) ran beside the rows and the FX thread on the 2 cores and held
     * the first question's table back, and beside the warm-up that makes the next question's tables; the dots
     * are not what the user just asked for, and after the warm-up each check updates the plan's tables for one
     * job's hosts.
     */
    void afterRows(Runnable work) {
        afterRows.add(work);
        releaseIfIdle();
    }

    private void rowHandedOver() {
        if (rowsComing > 0) {
            rowsComing--;
            releaseIfIdle();
        }
    }

    private void releaseIfIdle() {
        if (rowsComing > 0 || warming || afterRows.isEmpty()) {
            return;
        }
        List<Runnable> waiting = List.copyOf(afterRows);
        afterRows.clear();
        waiting.forEach(Runnable::run);
    }

    /** No job: an empty table, and whatever is still being computed is dropped. */
    void clear() {
        refresh.cancel();
        askedPlan = null;
        askedRequest = null;
        askedSettings = null;
        lines.clear();
        rowsComing = 0;
        releaseIfIdle();
    }
}
