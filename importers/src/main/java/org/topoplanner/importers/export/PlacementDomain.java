package org.topoplanner.importers.export;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.topoplanner.importers.k8s.KubernetesExport;
import org.topoplanner.importers.k8s.KueueTopologyWriter;
import org.topoplanner.importers.k8s.NodeLabelsWriter;
import org.topoplanner.importers.k8s.TopologyLabelFamily;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.Placement;

/**
 * The smallest network domain that holds all nodes of a placement, as the Kubernetes exports name it:
 * the fabric tier whose switch (in the label tree of {@link NodeLabelsWriter}) is the same for every
 * node. For Kueue it is that tier's node label ({@code kubernetes.io/hostname} for one node); for Volcano
 * the HyperNode tier, which is the fabric tier.
 *
 * @param tier  the fabric tier (1 = leaf), 0 for a single node, -1 when no tier holds them all
 * @param level the Kueue Topology level (a node label key), or {@code null} when no level holds them all
 */
record PlacementDomain(int tier, String level) {
    static final String HOSTNAME = "kubernetes.io/hostname";

    static PlacementDomain of(Cluster cluster, Placement p, Map<String, Map<String, String>> labels) {
        List<String> hosts = p.hostNames();
        if (hosts.size() == 1) {
            return new PlacementDomain(0, HOSTNAME);
        }
        for (int t = 1; t <= cluster.fabric().maxTier(); t++) {
            String key = KubernetesExport.tierKey(t);
            String first = labels.getOrDefault(hosts.get(0), Map.of()).get(key);
            if (first != null && hosts.stream().allMatch(h -> Objects.equals(first,
                    labels.getOrDefault(h, Map.of()).get(key)))) {
                return new PlacementDomain(t, key);
            }
        }
        if (KueueTopologyWriter.levels(cluster).contains(TopologyLabelFamily.TOPOPLANNER_BLOCK)) {
            String first = labels.getOrDefault(hosts.get(0), Map.of()).get(TopologyLabelFamily.TOPOPLANNER_BLOCK);
            if (first != null && hosts.stream().allMatch(h -> Objects.equals(first,
                    labels.getOrDefault(h, Map.of()).get(TopologyLabelFamily.TOPOPLANNER_BLOCK)))) {
                return new PlacementDomain(-1, TopologyLabelFamily.TOPOPLANNER_BLOCK);
            }
        }
        return new PlacementDomain(-1, null);
    }

    static Map<String, Map<String, String>> labels(Cluster cluster) {
        return new NodeLabelsWriter().labels(cluster);
    }
}
