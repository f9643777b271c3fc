package org.topoplanner.allocator.whatif;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.metrics.FabricSpan;
import org.topoplanner.allocator.metrics.FabricTree;
import org.topoplanner.allocator.metrics.NodeMetrics;
import org.topoplanner.allocator.metrics.RingEstimate;
import org.topoplanner.allocator.metrics.UplinkRatio;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.NodeTopology;

/**
 * The locality of a placement on one design: fabric span ({@link FabricSpan}), NVLink domains, ring all-reduce
 * bandwidth ({@link RingEstimate}) and the slowdown against the best placement of the same shape. Node rings are
 * cached per node type and GPU set, and the best bandwidth per job shape, so a run of 100,000 jobs computes each
 * once.
 */
final class LocalityProbe {
    /** Where a placement stands. */
    record Locality(int leaves, int spines, int highestTier, int nvlinkDomains, double busGBps) {
    }

    private final Cluster cluster;
    private final FabricTree tree;
    private final UplinkRatio rates;
    private final SlowdownModel slowdown;
    private final PlacementPolicy best;
    private final Map<NodeTopology, Map<List<Integer>, NodeMetrics>> rings = new IdentityHashMap<>();
    private final Map<NodeTopology, Boolean> nvlinked = new IdentityHashMap<>();
    private final Map<JobRequest, Double> bestByShape = new HashMap<>();

    LocalityProbe(Cluster cluster, SlowdownModel slowdown) {
        this.cluster = cluster;
        // the cluster's own tables, shared with the allocators and with the other runs of a study
        this.tree = FabricTree.of(cluster);
        this.rates = UplinkRatio.of(cluster);
        this.slowdown = slowdown;
        this.best = PolicyChoice.of(PolicyId.PLANNER).create();
    }

    Locality of(Placement p) {
        List<String> hosts = p.hostNames();
        FabricSpan span = FabricSpan.of(tree, hosts);
        return new Locality(span.leaves().size(), span.spines().size(), span.highestTier(), nvlinkDomains(p),
                bus(p));
    }

    double slowdown(JobRequest request, double got) {
        double b = bestByShape.computeIfAbsent(request.withName(""), r -> {
            Suggestion s = best.suggest(ClusterState.empty(cluster), r.withName("best"));
            return s instanceof Suggestion.Placed placed ? bus(placed.placement()) : Double.NaN;
        });
        return slowdown.slowdown(b, got);
    }

    private int nvlinkDomains(Placement p) {
        for (HostAllocation a : p.hosts()) {
            NodeTopology node = cluster.node(a.host());
            boolean nv = nvlinked.computeIfAbsent(node, n -> n.links().stream().anyMatch(l -> l.kind() == LinkKind.NV
                    && l.a().startsWith("GPU") && l.b().startsWith("GPU")));
            if (!nv) {
                return 0;
            }
        }
        return p.hosts().size();
    }

    private double bus(Placement p) {
        List<NodeMetrics> nodes = new ArrayList<>();
        for (HostAllocation a : p.hosts()) {
            NodeTopology node = cluster.node(a.host());
            NodeMetrics m = rings.computeIfAbsent(node, n -> new HashMap<>()).computeIfAbsent(List.copyOf(a.gpus()),
                    g -> NodeMetrics.of(node, HostAllocation.of(a.host(), g, a.cpus())));
            nodes.add(new NodeMetrics(a.host(), m.gpus(), m.numaNodes(), m.ringGBps(), m.ringBottleneck(),
                    m.nvlinkGBps(), m.nics(), m.ratesAssumed()));
        }
        return RingEstimate.of(tree, rates, nodes).busGBps();
    }
}
