package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.model.job.JobRequest;

/** The same job under every policy, for the inspector's comparison table and {@code compare}. */
public final class PolicyComparison {
    private final PlacementAdvisor advisor = new PlacementAdvisor();
    /** Each policy's last row time (ns of wall), to start the slowest first. */
    private final Map<PolicyId, Long> lastTime = new ConcurrentHashMap<>();

    /** One row per policy under the same settings, with the job's own placement taken out of the state first. */
    public List<Row> compare(Plan plan, JobRequest request, PolicyOptions settings) {
        List<Row> rows = new ArrayList<>();
        for (PolicyId id : PolicyCatalog.policies()) {
            rows.add(row(plan, request, settings, id));
        }
        return rows;
    }

    /**
     * One policy's row, so a table can show each answer as it comes instead of waiting for the slowest. Every row
     * of one plan and job reads the same state without the job ({@link Plan#stateWithout}), so the tables derived
     * from it are made once for all of them (and once, not twice, when two rows ask at the same time).
     */
    public Row row(Plan plan, JobRequest request, PolicyOptions settings, PolicyId policy) {
        long t0 = System.nanoTime();
        Row row = new Row(policy.id(), advisor.suggest(plan, othersThan(plan, request.name()), request,
                DropTarget.ANYWHERE, new PolicyChoice(policy, settings)));
        lastTime.put(policy, System.nanoTime() - t0);
        return row;
    }

    /** The last question's state without its job, held for the rows still to come. */
    private record Others(Plan plan, String job, ClusterState state) {
    }

    private Others lastOthers;

    /**
     * The plan's state without {@code job}, held here for as long as rows about it are asked: the plan's own
     * cache ({@link Plan#stateWithout}) keeps a few jobs per plan, and the job list's checks of other jobs
     * running meanwhile must not push out the state (and tables) the remaining rows read.
     */
    private synchronized ClusterState othersThan(Plan plan, String job) {
        Others o = lastOthers;
        if (o == null || o.plan() != plan || !o.job().equals(job)) {
            o = new Others(plan, job, plan.stateWithout(job));
            lastOthers = o;
        }
        return o.state();
    }

    /**
     * The policies in the order to start their rows so that two workers fill the table soonest: the slowest last
     * time first (longest first keeps one long row from starting last on its own), policies not asked yet in
     * catalog order before them. The table still lists them in catalog order.
     */
    public List<PolicyId> startOrder() {
        List<PolicyId> order = new ArrayList<>(PolicyCatalog.policies());
        order.sort(Comparator.comparingLong((PolicyId p) -> lastTime.getOrDefault(p, Long.MAX_VALUE)).reversed());
        return order;
    }

    /** A policy's answer. */
    public record Row(String policy, Advice advice) {
        public String nodes() {
            return advice.placementIfAny().map(p -> org.topoplanner.model.hostlist.Hostlist.compress(p.hostNames()))
                    .orElse("\u2014");
        }

        public String leaves() {
            return advice.metrics() == null ? "\u2014" : String.valueOf(advice.metrics().leaves());
        }

        public String spines() {
            return advice.metrics() == null ? "\u2014" : String.valueOf(advice.metrics().spines());
        }

        public String ring() {
            if (advice.metrics() == null || !Double.isFinite(advice.metrics().busGBps())) {
                return "\u2014";
            }
            return String.format("%.1f GB/s", advice.metrics().busGBps());
        }
    }
}
