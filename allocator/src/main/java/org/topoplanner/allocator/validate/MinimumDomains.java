package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.metrics.BlockHolds;
import org.topoplanner.allocator.metrics.ClusterHostNames;
import org.topoplanner.model.cpu.SlurmCpuIds;

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
    private final Map<String, Integer> eligibleGpus = new HashMap<>();
    private final boolean byGpus;
    private final boolean countable;

    MinimumDomains(CheckContext c) {
        this.c = c;
        JobDemand d = c.demand;
        this.byGpus = d.gpusTotal() > 0 && d.gpusPerNode() == 0;
        this.countable = !(byGpus && c.request.minNodes() != null);
        Set<String> blocked = BlockHolds.hostsHeld(c.state);
        Set<String> excluded = new HashSet<>(c.request.exclude());
        int gpusPerHost = byGpus ? 1 : d.gpusPerNode();
        for (String h : ClusterHostNames.of(c.cluster).names()) {
            if (c.tree.leaf(h).isEmpty() || excluded.contains(h) || blocked.contains(h) || c.state.heldWhole(h)) {
                continue;
            }
            if ((c.request.exclusive() || c.request.exclusiveTopo()) && !c.state.isIdle(h)) {
                continue;
            }
            int gpus = freeGpus(h);
            SlurmCpuIds ids = ClusterIndex.of(c.cluster).cpuIdsOf(h);
            int cores = (Math.max(1, d.cpusNeeded(gpusPerHost)) + ids.threadsPerCore() - 1) / ids.threadsPerCore();
            if (gpus >= gpusPerHost && c.state.freeCores(h).size() >= cores) {
                eligibleGpus.put(h, gpus);
            }
        }
    }

    private int freeGpus(String h) {
        List<Integer> free = c.state.freeGpus(h);
        if (c.request.gpuType() == null) {
            return free.size();
        }
        GresTypes types = GresTypes.of(c.cluster, h);
        return (int) free.stream().filter(i -> types.matches(i, c.request.gpuType()).orElse(true)).count();
    }

    /** The fewest domains of {@code tier}; empty when the job does not fit now or has no fixed shape. */
    OptionalInt at(int tier) {
        if (!countable) {
            return OptionalInt.empty();
        }
        Set<String> forced = new HashSet<>();
        for (String h : c.request.nodelist()) {
            if (!eligibleGpus.containsKey(h)) {
                return OptionalInt.empty();
            }
            var domain = c.tree.domain(h, tier);
            if (domain.isEmpty()) {
                return OptionalInt.empty();
            }
            forced.add(domain.get());
        }
        long hosts = 0;
        long gpus = 0;
        List<long[]> others = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : c.tree.byDomain(tier).entrySet()) {
            long n = 0;
            long g = 0;
            for (String h : e.getValue()) {
                Integer free = eligibleGpus.get(h);
                if (free != null) {
                    n++;
                    g += free;
                }
            }
            if (forced.contains(e.getKey())) {
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
