package org.topoplanner.app.plan;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.topoplanner.allocator.catalog.PolicyChoice;

/**
 * The validation of placed jobs, remembered per plan, job, policy and settings. The window asks for
 * the same answers over and over (a job list cell on every layout pass, the inspector on every
 * selection), and on a 4,096-host fabric each answer costs real time; plans are immutable snapshots,
 * so an answer holds for as long as the same plan instance is asked about under the same policy and
 * settings. Only the newest plan, policy and settings are kept: a new one forgets the old answers.
 *
 * <p>The newest plan, policy and settings are those of the last {@link #check} or {@link #remembered}
 * call, made where the window's state lives (the FX thread); {@link #later} hands the computing to a
 * worker. Answers are computed outside the lock (two threads may compute the same one; both get a
 * correct answer), and an answer computed for a plan, policy or settings that are no longer the newest
 * is returned to its asker but not remembered.
 */
public final class JobChecks {
    private final Validation validation;
    private Plan plan;
    private PolicyChoice choice;
    private final Map<String, Advice> byJob = new HashMap<>();

    /** What computes one answer: the job's placement in {@code plan} validated under the policy. */
    @FunctionalInterface
    public interface Validation {
        Advice check(Plan plan, String job, PolicyChoice choice);
    }

    public JobChecks(Validation validation) {
        this.validation = validation;
    }

    /** Validation with the window's advisor: the job's placement checked against everything else. */
    public static JobChecks of(PlacementAdvisor advisor) {
        return new JobChecks((plan, job, choice) ->
                advisor.check(plan, plan.request(job), plan.placements().get(job), choice));
    }

    /** The answer for a placed job, computed now unless it is remembered. */
    public Advice check(Plan plan, String job, PolicyChoice choice) {
        return remembered(plan, job, choice).orElseGet(() -> compute(plan, job, choice));
    }

    /**
     * The answer for a placed job, to be computed elsewhere: the plan, policy and settings become the
     * newest now, and the returned supplier (run on a worker) gives the remembered answer or computes
     * and remembers it, unless something newer came meanwhile.
     */
    public Supplier<Advice> later(Plan plan, String job, PolicyChoice choice) {
        remembered(plan, job, choice);
        return () -> {
            synchronized (this) {
                if (isNewest(plan, choice) && byJob.containsKey(job)) {
                    return byJob.get(job);
                }
            }
            return compute(plan, job, choice);
        };
    }

    /**
     * Remembers an answer computed elsewhere for the newest plan (a move validates the placement it
     * makes, so the window need not ask again).
     */
    public synchronized void remember(Plan plan, String job, PolicyChoice choice, Advice advice) {
        remembered(plan, job, choice);
        byJob.put(job, advice);
    }

    /** The remembered answer, if there is one; never computes (cheap enough for a list cell). */
    public synchronized Optional<Advice> remembered(Plan plan, String job, PolicyChoice choice) {
        if (!isNewest(plan, choice)) {
            this.plan = plan;
            this.choice = choice;
            byJob.clear();
        }
        return Optional.ofNullable(byJob.get(job));
    }

    private Advice compute(Plan plan, String job, PolicyChoice choice) {
        Advice a = validation.check(plan, job, choice);
        synchronized (this) {
            if (isNewest(plan, choice)) {
                byJob.put(job, a);
            }
        }
        return a;
    }

    private boolean isNewest(Plan p, PolicyChoice c) {
        // Identity, not equals: plans are snapshots, and comparing two big plans deeply costs more than a check.
        return p == plan && Objects.equals(c, choice);
    }
}
