package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.model.job.JobRequest;

/** The same job under every policy, for the inspector's comparison table and {@code compare}. */
public final class PolicyComparison {
    private final PlacementAdvisor advisor = new PlacementAdvisor();

    /** The last question's state without its job, shared by every policy asked about that job. */
    private record Others(Plan plan, String job, ClusterState state) {
    }

    private Others lastOthers;

    /** One row per policy under the same settings, with the job's own placement taken out of the state first. */
    public List<Row> compare(Plan plan, JobRequest request, PolicyOptions settings) {
        List<Row> rows = new ArrayList<>();
        for (PolicyId id : PolicyCatalog.policies()) {
            rows.add(row(plan, request, settings, id));
        }
        return rows;
    }

    /** One policy's row, so a table can show each answer as it comes instead of waiting for the slowest. */
    public Row row(Plan plan, JobRequest request, PolicyOptions settings, PolicyId policy) {
        return new Row(policy.id(), advisor.suggest(plan, othersThan(plan, request.name()), request, DropTarget.ANYWHERE,
                new PolicyChoice(policy, settings)));
    }

    /**
     * The plan's state without {@code job}, made once per plan and job. Each policy's row used to rebuild it,
     * and a fresh state has none of the tables the previous row derived (usage, eligible hosts, fragmentation,
     * the Slurm switch table, the Kubernetes node classes), so at 16,384 hosts every row rebuilt them all.
     * Plans are immutable, so the same instance and job is the same state; rows may be asked from two worker
     * threads at once, and a state's derived tables are safe to share (made once, never changed).
     */
    private synchronized ClusterState othersThan(Plan plan, String job) {
        Others o = lastOthers;
        if (o == null || o.plan() != plan || !o.job().equals(job)) {
            o = new Others(plan, job, plan.stateWithout(job));
            lastOthers = o;
        }
        return o.state();
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
