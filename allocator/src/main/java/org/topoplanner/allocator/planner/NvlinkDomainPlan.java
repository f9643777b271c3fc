package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.Comparator;
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
 * The planner's first rule on a cluster of multi-node NVLink domains: a job is kept inside the fewest
 * domains that can hold it ({@link NvlinkReach}), because each domain boundary its ring crosses leaves
 * NVLink for the fabric; among the sets of that many domains the planner's own score chooses. The
 * optimum over the whole cluster is taken as is when no fewer domains can hold it; only when they can is
 * each candidate set planned alone (the other hosts excluded).
 *
 * <p>Sets of m domains are all tried while there are at most {@value #MAX_SETS} of them; beyond that,
 * only the m domains with the most idle hosts, so that a cluster of hundreds of racks costs one plan per
 * m, not a combinatorial number.
 */
final class NvlinkDomainPlan {
    static final int MAX_SETS = 64;

    private NvlinkDomainPlan() {
    }

    /** A plan and the number of NVLink domains it spans. */
    record InDomains(PlannerPolicy.Plan plan, int domains) {
    }

    /** The best plan inside the fewest domains when the cluster-wide optimum spans more, else empty. */
    static Optional<InDomains> inFewestDomains(PlannerPolicy planner, ClusterState state, JobRequest job,
                                               Optional<PlannerPolicy.Plan> overall) {
        NvlinkDomains domains = NvlinkReach.of(state.cluster());
        if (domains.isEmpty() || overall.isEmpty() || overall.get().placement().hosts().size() < 2) {
            return Optional.empty();
        }
        List<String> hosts = overall.get().placement().hostNames();
        int spanned = spanned(domains, hosts);
        int nodes = hosts.size();
        for (int m = 1; m < spanned; m++) {
            PlannerPolicy.Plan best = null;
            Score bestScore = null;
            for (List<NvlinkDomain> set : candidateSets(state, domains, m)) {
                if (set.stream().mapToInt(d -> d.hosts().size()).sum() < nodes) {
                    continue;
                }
                Optional<PlannerPolicy.Plan> p = planner.plan(state, onlyIn(state, job, set));
                if (p.isEmpty()) {
                    continue;
                }
                Score s = Objective.of(state, job, p.get().placement());
                if (bestScore == null || s.compareTo(bestScore) < 0) {
                    best = p.get();
                    bestScore = s;
                }
            }
            if (best != null) {
                return Optional.of(new InDomains(new PlannerPolicy.Plan(best.placement(), bestScore, best.leaves()),
                        spanned(domains, best.placement().hostNames())));
            }
        }
        return Optional.empty();
    }

    /** Domains a placement touches; a host in none counts as one of its own. */
    static int spanned(NvlinkDomains domains, List<String> hosts) {
        Set<String> seen = new HashSet<>();
        for (String h : hosts) {
            seen.add(domains.ofHost(h).map(d -> "d:" + d.name()).orElse("h:" + h));
        }
        return seen.size();
    }

    private static List<List<NvlinkDomain>> candidateSets(ClusterState state, NvlinkDomains domains, int m) {
        List<NvlinkDomain> all = domains.all();
        if (m > all.size()) {
            return List.of();
        }
        if (combinations(all.size(), m) > MAX_SETS) {
            List<NvlinkDomain> roomiest = all.stream()
                    .sorted(Comparator.comparingLong((NvlinkDomain d) -> idle(state, d)).reversed()).limit(m).toList();
            return List.of(roomiest);
        }
        List<List<NvlinkDomain>> out = new ArrayList<>();
        choose(all, m, 0, new ArrayList<>(), out);
        return out;
    }

    private static long idle(ClusterState state, NvlinkDomain d) {
        return d.hosts().stream().filter(state::isIdle).count();
    }

    private static long combinations(int n, int k) {
        long c = 1;
        for (int i = 0; i < k; i++) {
            c = c * (n - i) / (i + 1);
            if (c > MAX_SETS) {
                return c;
            }
        }
        return c;
    }

    private static void choose(List<NvlinkDomain> all, int m, int from, List<NvlinkDomain> picked,
                               List<List<NvlinkDomain>> out) {
        if (picked.size() == m) {
            out.add(List.copyOf(picked));
            return;
        }
        for (int i = from; i <= all.size() - (m - picked.size()); i++) {
            picked.add(all.get(i));
            choose(all, m, i + 1, picked, out);
            picked.remove(picked.size() - 1);
        }
    }

    private static JobRequest onlyIn(ClusterState state, JobRequest job, List<NvlinkDomain> set) {
        Set<String> keep = new HashSet<>();
        set.forEach(d -> keep.addAll(d.hosts()));
        List<String> exclude = new ArrayList<>(job.exclude());
        state.cluster().hostNames().stream().filter(h -> !keep.contains(h)).forEach(exclude::add);
        return job.toBuilder().exclude(exclude).build();
    }
}
