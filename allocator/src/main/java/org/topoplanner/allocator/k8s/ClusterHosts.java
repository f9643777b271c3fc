package org.topoplanner.allocator.k8s;

import java.util.List;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.model.cluster.Cluster;

/**
 * A cluster's host names in {@link Cluster#hostNames()} order, with a set for membership, built once per
 * cluster: {@code hostNames()} builds a fresh list on every call, and the policies ask for it on every
 * suggestion (once per host when filtering candidates, which made a suggestion quadratic in the hosts).
 *
 * @param names every host name, in the cluster's order
 * @param known the same names, for lookup
 */
record ClusterHosts(List<String> names, Set<String> known) {
    private static final Object KEY = ClusterHosts.class;

    static ClusterHosts of(Cluster cluster) {
        return ClusterIndex.of(cluster).derived(KEY, c -> {
            List<String> names = c.hostNames();
            return new ClusterHosts(names, Set.copyOf(names));
        });
    }

    boolean has(String host) {
        return known.contains(host);
    }
}
