package org.topoplanner.allocator.metrics;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.node.NodeTopology;

/**
 * {@link NodeMetrics} per node topology and allocation shape, kept for the cluster: the hosts of a cluster share a
 * handful of topologies and a job asks the same GPUs of most of them, yet each host's best GPU ring was searched
 * again (a 256-node job: 256 searches for one answer). What a host gets depends on its topology, its GPUs
 * and its NICs only; the host's name is put back on the kept answer.
 */
final class NodeMetricsCache {
    /** Enough for every GPU subset of a few topologies; allocations beyond it are measured, not kept. */
    private static final int KEPT = 4096;

    /** A topology by identity (hosts of one template share the object; comparing records would walk them). */
    private record Key(IdentityOf node, List<Integer> gpus, Map<Integer, String> nics) {
    }

    private record IdentityOf(NodeTopology node) {
        @Override
        public boolean equals(Object o) {
            return o instanceof IdentityOf other && other.node == node;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(node);
        }
    }

    private final Map<Key, NodeMetrics> kept = new ConcurrentHashMap<>();

    static NodeMetricsCache of(Cluster cluster) {
        return ClusterIndex.of(cluster).derived(NodeMetricsCache.class, c -> new NodeMetricsCache());
    }

    NodeMetrics of(NodeTopology node, HostAllocation alloc) {
        Key key = new Key(new IdentityOf(node), alloc.gpus(), alloc.nicByGpu());
        NodeMetrics m = kept.get(key);
        if (m == null) {
            m = NodeMetrics.of(node, alloc);
            if (kept.size() < KEPT) {
                kept.putIfAbsent(key, m);
            }
            return m;
        }
        return m.host().equals(alloc.host()) ? m : new NodeMetrics(alloc.host(), m.gpus(), m.numaNodes(), m.ringGBps(),
                m.ringBottleneck(), m.nvlinkGBps(), m.nics(), m.ratesAssumed());
    }
}
