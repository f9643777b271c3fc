package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.model.job.JobRequest;

/** The same job under every policy, for the inspector's comparison table and {@code compare}. */
public final class PolicyComparison {
    private final PlacementAdvisor advisor = new PlacementAdvisor();

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
        return new Row(policy.id(), advisor.suggest(plan, request, DropTarget.ANYWHERE, new PolicyChoice(policy, settings)));
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
