package org.topoplanner.allocator.metrics;

import java.util.List;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.model.cluster.Cluster;

/**
 * A cluster's host names in {@link Cluster#hostNames()} order, with a set for membership, built once per
 * cluster: {@code hostNames()} builds a fresh list on every call, and the checks and metrics of a placement
 * asked for it once per placed host, which made checking a 64-node job on 16,384 hosts cost a second.
 *
 * @param names every host name, in the cluster's order
 * @param known the same names, for lookup
 */
public record ClusterHostNames(List<String> names, Set<String> known) {
    private static final Object KEY = ClusterHostNames.class;

    public static ClusterHostNames of(Cluster cluster) {
        return ClusterIndex.of(cluster).derived(KEY, c -> {
            List<String> names = c.hostNames();
            return new ClusterHostNames(names, Set.copyOf(names));
        });
    }

    public boolean has(String host) {
        return known.contains(host);
    }
}
