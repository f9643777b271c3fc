package org.topoplanner.allocator.planner;

import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.Map;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.NodeShape;
import org.topoplanner.allocator.k8s.Admission;
import org.topoplanner.allocator.k8s.KubeletSettings;
import org.topoplanner.allocator.k8s.PodRequest;
import org.topoplanner.allocator.k8s.PodTemplate;
import org.topoplanner.allocator.k8s.TopologyManagerAdmission;
import org.topoplanner.allocator.k8s.TopologyManagerPolicy;
import org.topoplanner.model.job.JobRequest;

/**
 * The hosts whose kubelet would refuse the job's pod with {@code TopologyAffinityError} under the
 * configured Topology Manager policy and scope. The planner leaves them out: a placement the kubelet
 * refuses after scheduling is no placement. Under {@code none} and {@code best-effort} the kubelet
 * admits every pod that fits, so there is nothing to check.
 *
 * <p>The pod is the one the Kubernetes policies build from the request ({@link PodTemplate#DEFAULT}),
 * so the planner and {@code k8s-default} ask the kubelet the same question. Idle hosts of one
 * {@link NodeShape} get the same answer, which keeps this to one admission per shape on an empty
 * fabric.
 */
final class KubeletGate {
    private KubeletGate() {
    }

    /** Whether {@code kubelet} can refuse a pod that fits at all. */
    static boolean binds(KubeletSettings kubelet) {
        return kubelet.policy() == TopologyManagerPolicy.RESTRICTED
                || kubelet.policy() == TopologyManagerPolicy.SINGLE_NUMA_NODE;
    }

    /** Hosts (numbers) whose kubelet would refuse {@code job}'s pod now. */
    static BitSet refused(ClusterState state, ClusterIndex index, JobRequest job, KubeletSettings kubelet) {
        BitSet out = new BitSet();
        if (!binds(kubelet)) {
            return out;
        }
        PodRequest pod = PodTemplate.DEFAULT.pod(state, job, 0);
        Map<NodeShape, Boolean> idle = new IdentityHashMap<>();
        for (int h = 0; h < index.size(); h++) {
            String host = index.host(h);
            boolean refused;
            if (state.usage().idle(h)) {
                refused = idle.computeIfAbsent(index.shape(h), s -> refuses(state, host, pod, kubelet));
            } else {
                refused = refuses(state, host, pod, kubelet);
            }
            if (refused) {
                out.set(h);
            }
        }
        return out;
    }

    private static boolean refuses(ClusterState state, String host, PodRequest pod, KubeletSettings kubelet) {
        Admission a = TopologyManagerAdmission.admit(state, host, pod, kubelet);
        return a instanceof Admission.Rejected r && r.topologyAffinityError();
    }
}
