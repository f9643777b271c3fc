package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The fewest domains of a tier that could hold the job with the resources free now (the placement's own
 * job taken out): an exact count, because the domains of a tier partition the hosts
 * ({@link org.topoplanner.allocator.metrics.FabricTree}) and what the job needs from each host is the same.
 *
 * <p>A host can take the job when it is reachable, not excluded, not held whole by another job, idle if the
 * job is exclusive, and has the GPUs (of the requested type) and cores one node of the job needs. Domains
 * holding {@code --nodelist} hosts are taken first; then the largest others until the job fits: enough hosts,
 * or, for a request that fixes only a job-wide GPU count ({@code --gpus} without {@code -N}), enough GPUs.
 * A request with {@code --gpus} and {@code -N} but no per-node count has no fixed per-host shape; it is not
 * counted (the answer would only be a bound, and a bound could blame a placement wrongly).
 */
final class MinimumDomains {
    private final CheckContext c;
    private final EligibleHosts eligible;
    private final Set<String> excluded;
    private final boolean byGpus;
    private final boolean countable;

    MinimumDomains(CheckContext c) {
        this.c = c;
        JobDemand d = c.demand;
        this.byGpus = d.gpusTotal() > 0 && d.gpusPerNode() == 0;
        this.countable = !(byGpus && c.request.minNodes() != null);
        this.excluded = new HashSet<>(c.request.exclude());
        int gpusPerHost = byGpus ? 1 : d.gpusPerNode();
        // the state's table for this shape of node: built once per state, then updated as jobs come and go
        this.eligible = EligibleHosts.of(c.state, new EligibleHosts.Shape(gpusPerHost, d.cpusNeeded(gpusPerHost),
                c.request.exclusive() || c.request.exclusiveTopo(), c.request.gpuType()));
    }

    private boolean isEligible(String h) {
        return !excluded.contains(h) && eligible.gpus(h) >= 0;
    }

    /** The fewest domains of {@code tier}; empty when the job does not fit now or has no fixed shape. */
    OptionalInt at(int tier) {
        if (!countable) {
            return OptionalInt.empty();
        }
        Set<String> forced = new HashSet<>();
        for (String h : c.request.nodelist()) {
            if (!isEligible(h)) {
                return OptionalInt.empty();
            }
            var domain = c.tree.domain(h, tier);
            if (domain.isEmpty()) {
                return OptionalInt.empty();
            }
            forced.add(domain.get());
        }
        List<String> domains = eligible.domains(tier);
        long[] hostsOut = new long[domains.size()];
        long[] gpusOut = new long[domains.size()];
        for (String h : excluded) {
            int free = eligible.gpus(h);
            int d = eligible.domainOf(h, tier);
            if (free >= 0 && d >= 0) {
                hostsOut[d]++;
                gpusOut[d] += free;
            }
        }
        long hosts = 0;
        long gpus = 0;
        List<long[]> others = new ArrayList<>();
        for (int i = 0; i < domains.size(); i++) {
            long n = eligible.hostsIn(tier, i) - hostsOut[i];
            long g = eligible.gpusIn(tier, i) - gpusOut[i];
            if (forced.contains(domains.get(i))) {
                hosts += n;
                gpus += g;
            } else if (n > 0) {
                others.add(new long[] {n, g});
            }
        }
        int key = byGpus ? 1 : 0;
        others.sort((a, b) -> Long.compare(b[key], a[key]));
        int used = forced.size();
        int next = 0;
        while (!fits(hosts, gpus)) {
            if (next >= others.size()) {
                return OptionalInt.empty();
            }
            hosts += others.get(next)[0];
            gpus += others.get(next)[1];
            next++;
            used++;
        }
        return OptionalInt.of(used);
    }

    private boolean fits(long hosts, long gpus) {
        return hosts >= c.demand.minNodes() && (!byGpus || gpus >= c.demand.gpusTotal());
    }
}
