package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.NvlinkReach;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;

/**
 * The planner's first rule on a cluster of multi-node NVLink domains: a job that one domain can hold is
 * kept inside one ({@link NvlinkReach}), because its ring then never leaves NVLink; among the domains
 * that can hold it the planner's own score chooses. The optimum over the whole cluster is taken as is
 * when it already lies in one domain; only when it does not is each domain planned alone (the other
 * hosts excluded). A job no single domain can hold is left to the fabric score.
 */
final class NvlinkDomainPlan {
    private NvlinkDomainPlan() {
    }

    /** The best plan inside one domain when the cluster-wide optimum spans several, else empty. */
    static Optional<PlannerPolicy.Plan> inOneDomain(PlannerPolicy planner, ClusterState state, JobRequest job,
                                                    Optional<PlannerPolicy.Plan> overall) {
        NvlinkDomains domains = NvlinkReach.of(state.cluster());
        if (domains.isEmpty() || overall.isEmpty() || overall.get().placement().hosts().size() < 2
                || NvlinkReach.commonDomain(state.cluster(), overall.get().placement().hostNames()).isPresent()) {
            return Optional.empty();
        }
        int nodes = overall.get().placement().hosts().size();
        PlannerPolicy.Plan best = null;
        Score bestScore = null;
        for (NvlinkDomain d : domains.all()) {
            if (d.hosts().size() < nodes) {
                continue;
            }
            Optional<PlannerPolicy.Plan> p = planner.plan(state, onlyIn(state, job, d));
            if (p.isEmpty()) {
                continue;
            }
            Score s = Objective.of(state, job, p.get().placement());
            if (bestScore == null || s.compareTo(bestScore) < 0) {
                best = p.get();
                bestScore = s;
            }
        }
        return Optional.ofNullable(best).map(p -> new PlannerPolicy.Plan(p.placement(),
                Objective.of(state, job, p.placement()), p.leaves()));
    }

    private static JobRequest onlyIn(ClusterState state, JobRequest job, NvlinkDomain d) {
        Set<String> keep = new HashSet<>(d.hosts());
        List<String> exclude = new ArrayList<>(job.exclude());
        state.cluster().hostNames().stream().filter(h -> !keep.contains(h)).forEach(exclude::add);
        return job.toBuilder().exclude(exclude).build();
    }
}
