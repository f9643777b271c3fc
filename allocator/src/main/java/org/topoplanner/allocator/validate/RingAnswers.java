package org.topoplanner.allocator.validate;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.topoplanner.model.node.NodeTopology;

/**
 * Whether given GPUs of a node topology form an NVLink ring ({@link NvlinkSets#formsRing}), kept per cluster,
 * topology object and GPU list: a
 * 256-node job asks it of 256 hosts that share one topology and one GPU list, and each answer is a search over
 * every ring. Topologies are compared by identity (hosts of one template share the object; comparing records
 * would walk them); the answer depends on nothing else.
 */
final class RingAnswers {
    static RingAnswers of(org.topoplanner.model.cluster.Cluster cluster) {
        return org.topoplanner.allocator.ClusterIndex.of(cluster).derived(RingAnswers.class, c -> new RingAnswers());
    }

    /** Enough for every GPU subset of a few topologies; beyond it answers are searched, not kept. */
    private static final int KEPT = 4096;

    private record Key(Identity node, List<Integer> gpus) {
    }

    private record Identity(NodeTopology node) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Identity other && other.node == node;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(node);
        }
    }

    private final Map<Key, Boolean> kept = new ConcurrentHashMap<>();

    boolean formsRing(NodeTopology node, List<Integer> gpus) {
        Key key = new Key(new Identity(node), List.copyOf(gpus));
        Boolean known = kept.get(key);
        if (known != null) {
            return known;
        }
        boolean ring = NvlinkSets.formsRing(node, gpus);
        if (kept.size() < KEPT) {
            kept.put(key, ring);
        }
        return ring;
    }
}
