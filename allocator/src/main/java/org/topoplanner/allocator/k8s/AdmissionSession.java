package org.topoplanner.allocator.k8s;

import java.util.HashMap;
import java.util.Map;
import org.topoplanner.allocator.ClusterState;

/**
 * The kubelets of a cluster admitting the pods of one job in binding order: a node's second pod sees
 * what its first one took. Not thread-safe; one per suggestion.
 */
public final class AdmissionSession {
    private final ClusterState state;
    private final KubeletSettings kubelet;
    private final Map<String, KubeletNode> nodes = new HashMap<>();

    public AdmissionSession(ClusterState state, KubeletSettings kubelet) {
        this.state = state;
        this.kubelet = kubelet;
    }

    public Admission admit(String host, PodRequest pod) {
        KubeletNode node = nodes.computeIfAbsent(host, h -> new KubeletNode(state, h, kubelet));
        return TopologyManagerAdmission.admit(node, pod, kubelet);
    }
}
