package org.topoplanner.allocator;

import java.util.BitSet;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.topoplanner.model.cluster.Cluster;

/**
 * The derived table last made under each key on one cluster, with the usage of the state it was made on:
 * a state whose recent predecessors never asked for a table ({@link ClusterState#derived}) updates this one
 * for the hosts whose use differs ({@link StateUsage#changedSince}) instead of building it afresh. A replay
 * asks a shape again after dozens of job starts and ends; rebuilding a 4,096-host table then was most of
 * a Kubernetes policy's time. At most {@value #KEPT} keys are kept (Volcano keeps one table per HyperNode),
 * the least recently used dropped first.
 */
final class LatestTables {
    private static final int KEPT = 256;

    /** One table and the state it was made on (its cluster view and usage). */
    private record Made(Cluster cluster, StateUsage usage, Object table) {
    }

    private final Map<Object, Made> latest = new RecentlyAsked<>(KEPT);

    private LatestTables() {
    }

    static LatestTables of(ClusterState state) {
        return ClusterIndex.of(state.cluster()).derived(LatestTables.class, c -> new LatestTables());
    }

    /** The table under {@code key} updated to {@code now}, or {@code null} when none was made on this cluster. */
    @SuppressWarnings("unchecked")
    <T> T updated(Object key, ClusterState now, ClusterState.Update<T> update) {
        Made m;
        synchronized (this) {
            m = latest.get(key);
        }
        if (m == null || m.cluster() != now.cluster()) {
            return null; // an index may be shared by views of the same hosts: tables may read the view
        }
        StateUsage usage = now.usage();
        BitSet changed = usage.changedSince(m.usage());
        Set<String> hosts = new HashSet<>();
        for (int h = changed.nextSetBit(0); h >= 0; h = changed.nextSetBit(h + 1)) {
            hosts.add(usage.index().host(h));
        }
        return update.apply((T) m.table(), now, hosts);
    }

    void keep(Object key, ClusterState state, Object table) {
        Made m = new Made(state.cluster(), state.usage(), table);
        synchronized (this) {
            latest.put(key, m);
        }
    }
}
