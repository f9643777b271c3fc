package org.topoplanner.model.k8s;

import java.util.List;
import java.util.Map;

/** What the Kubernetes side says: HyperNodes, Kueue Topologies and flavors, and node labels. */
public record KubernetesSettings(List<HyperNode> hyperNodes, List<KueueTopology> topologies,
                                 List<ResourceFlavor> flavors, Map<String, Map<String, String>> nodeLabels) {
    public KubernetesSettings {
        hyperNodes = List.copyOf(hyperNodes);
        topologies = List.copyOf(topologies);
        flavors = List.copyOf(flavors);
        nodeLabels = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(nodeLabels));
    }

    public static KubernetesSettings empty() {
        return new KubernetesSettings(List.of(), List.of(), List.of(), Map.of());
    }

    public boolean isEmpty() {
        return hyperNodes.isEmpty() && topologies.isEmpty() && flavors.isEmpty() && nodeLabels.isEmpty();
    }
}
