package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.metrics.ClusterHostNames;
import org.topoplanner.allocator.metrics.FabricSpan;
import org.topoplanner.allocator.metrics.FabricTree;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * Everything a check reads: the state without the placement's own job, the request, the placement,
 * the options, and what is derived from them once (known hosts, the fabric tree, the span).
 */
final class CheckContext {
    final ClusterState state;
    final Cluster cluster;
    final JobRequest request;
    final Placement placement;
    final ValidationOptions options;
    final FabricTree tree;
    final JobDemand demand;
    private final Set<String> knownHosts;
    private final List<HostAllocation> known = new ArrayList<>();
    private FabricSpan span;

    CheckContext(ClusterState state, JobRequest request, Placement placement, ValidationOptions options,
                 FabricTree tree) {
        this.state = state.without(placement.job()).without(request.name());
        this.cluster = state.cluster();
        this.request = request;
        this.placement = placement;
        this.options = options;
        this.tree = tree;
        this.demand = JobDemand.of(request);
        this.knownHosts = ClusterHostNames.of(cluster).known();
        Set<String> seen = new LinkedHashSet<>();
        for (HostAllocation a : placement.hosts()) {
            if (knownHosts.contains(a.host()) && seen.add(a.host())) {
                known.add(a);
            }
        }
    }

    boolean isKnown(String host) {
        return knownHosts.contains(host);
    }

    /** The placement's allocations on hosts the cluster has, each host once (its first listing). */
    List<HostAllocation> knownAllocations() {
        return known;
    }

    List<String> knownHostNames() {
        return known.stream().map(HostAllocation::host).toList();
    }

    /** The fabric span of the placement's known hosts. */
    FabricSpan span() {
        if (span == null) {
            span = FabricSpan.of(tree, knownHostNames());
        }
        return span;
    }

    /** The job's name in sentences: the placement's, which is what the window shows. */
    String job() {
        return placement.job();
    }
}
