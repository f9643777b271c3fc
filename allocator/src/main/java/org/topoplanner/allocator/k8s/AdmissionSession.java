package org.topoplanner.allocator.k8s;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.node.NodeTopology;

/**
 * The kubelets of a cluster admitting the pods of one job in binding order: a node's second pod sees
 * what its first one took. Not thread-safe; one per suggestion.
 */
public final class AdmissionSession {
    private final ClusterState state;
    private final KubeletSettings kubelet;
    private final Map<String, KubeletNode> nodes = new HashMap<>();
    /** One kubelet layout per node topology and CPU ids: a job's nodes mostly share one, with its GPU answers. */
    private final Map<NodeTopology, Map<SlurmCpuIds, KubeletNode.Layout>> layouts = new IdentityHashMap<>();

    public AdmissionSession(ClusterState state, KubeletSettings kubelet) {
        this.state = state;
        this.kubelet = kubelet;
    }

    public Admission admit(String host, PodRequest pod) {
        KubeletNode node = nodes.computeIfAbsent(host, h -> {
            NodeTopology t = state.cluster().node(h);
            SlurmCpuIds ids = ClusterIndex.of(state.cluster()).cpuIdsOf(h);
            KubeletNode.Layout layout = layouts.computeIfAbsent(t, x -> new HashMap<>())
                    .computeIfAbsent(ids, x -> KubeletNode.Layout.of(t, x));
            return new KubeletNode(state, h, kubelet, layout);
        });
        return TopologyManagerAdmission.admit(node, pod, kubelet);
    }
}
