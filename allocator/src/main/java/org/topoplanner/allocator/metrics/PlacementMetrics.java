package org.topoplanner.allocator.metrics;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * Metrics of one placement, to compare placements of the same job: how much fabric it spans, how far
 * apart its hosts are, the ring all-reduce bandwidth it can expect ({@link BandwidthModel}), what it
 * gets inside each node, and what it leaves for the next jobs.
 *
 * @param span          leaves, spines, domains per tier and the highest tier spanned
 * @param worstPair     the two hosts farthest apart and the cables between them
 * @param ring          the estimated ring all-reduce bus bandwidth and its bottleneck
 * @param nodes         per host: NUMA nodes, ring and NVLink bandwidth among its GPUs, NIC locality
 * @param fragmentation what the cluster has left once the placement runs
 */
public record PlacementMetrics(FabricSpan span, WorstPair worstPair, RingEstimate ring, List<NodeMetrics> nodes,
                               Fragmentation fragmentation) {
    public PlacementMetrics {
        nodes = List.copyOf(nodes);
    }

    public int leaves() {
        return span.leaves().size();
    }

    public int spines() {
        return span.spines().size();
    }

    public int highestTier() {
        return span.highestTier();
    }

    public double busGBps() {
        return ring.busGBps();
    }

    /**
     * The metrics of {@code placement} on {@code state}. If the state already runs the placement's job it
     * is taken out first, so a running job can be scored where it is.
     */
    public static PlacementMetrics of(ClusterState state, Placement placement) {
        return of(state, placement, FabricTree.of(state.cluster()));
    }

    /**
     * The metrics of {@code placement} once it runs on {@code others}, a state without its job: what a planner
     * asks of a suggestion. The state's own tables are kept ({@link ClusterState#derived}), so scoring many
     * placements against one state does the cluster-wide counting once.
     */
    public static PlacementMetrics ofAdded(ClusterState others, Placement placement) {
        Fragmentation.of(others, FabricTree.of(others.cluster())); // on the state kept between calls, not on a copy
        return of(others.with(placement), placement);
    }

    /** As {@link #of(ClusterState, Placement)}, reusing a tree built once for the cluster's fabric. */
    public static PlacementMetrics of(ClusterState state, Placement placement, FabricTree tree) {
        Cluster cluster = state.cluster();
        ClusterState before = state.without(placement.job());
        List<NodeMetrics> nodes = new ArrayList<>();
        NodeMetricsCache perShape = NodeMetricsCache.of(cluster);
        for (HostAllocation a : placement.hosts()) {
            nodes.add(perShape.of(cluster.node(a.host()), a));
        }
        List<String> hosts = placement.hostNames();
        FabricSpan span = FabricSpan.of(tree, hosts);
        WorstPair pair = WorstPair.of(cluster, hosts);
        RingEstimate ring = NvlinkDomainRing.of(cluster, nodes)
                .orElseGet(() -> RingEstimate.of(tree, UplinkRatio.of(cluster), nodes));
        Fragmentation left = Fragmentation.of(before.with(placement), tree);
        return new PlacementMetrics(span, pair, ring, nodes, left);
    }
}
