package org.topoplanner.allocator.planner;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.NodeShape;
import org.topoplanner.allocator.k8s.Admission;
import org.topoplanner.allocator.k8s.KubeletSettings;
import org.topoplanner.allocator.k8s.PodRequest;
import org.topoplanner.allocator.k8s.PodTemplate;
import org.topoplanner.allocator.k8s.TopologyManagerAdmission;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.k8s.TopologyManagerPolicy;

/**
 * The hosts whose kubelet would refuse the job's pod with {@code TopologyAffinityError} under the
 * configured Topology Manager policy and scope. The planner leaves them out: a placement the kubelet
 * refuses after scheduling is no placement. Under {@code none} and {@code best-effort} the kubelet
 * admits every pod that fits, so there is nothing to check.
 *
 * <p>The pod is the one the Kubernetes policies build from the request ({@link PodTemplate#DEFAULT}),
 * so the planner and {@code k8s-default} ask the kubelet the same question. The pod asks for no RDMA
 * device, so a node's answer depends only on its shape and its free GPUs and cores.
 */
final class KubeletGate {
    private KubeletGate() {
    }

    /** Whether {@code kubelet} can refuse a pod that fits at all. */
    static boolean binds(KubeletSettings kubelet) {
        return kubelet.policy() == TopologyManagerPolicy.RESTRICTED
                || kubelet.policy() == TopologyManagerPolicy.SINGLE_NUMA_NODE;
    }

    /** A node's free resources as the kubelet sees them for this pod: its shape, used GPUs and used cores. */
    private record FreeState(NodeShape shape, long usedGpus, BitSet usedCores) {
    }

    /**
     * Hosts (numbers) whose kubelet would refuse {@code job}'s pod now. Runs on every suggestion (every
     * drag-over in the window), so hosts that cannot hold the pod's GPUs anyway are skipped, and the
     * admission is asked once per distinct free state: on a big fabric most busy nodes look alike.
     */
    static BitSet refused(ClusterState state, ClusterIndex index, JobRequest job, KubeletSettings kubelet) {
        BitSet out = new BitSet();
        if (!binds(kubelet)) {
            return out;
        }
        PodRequest pod = PodTemplate.DEFAULT.pod(state, job, 0);
        var usage = state.usage();
        Map<FreeState, Boolean> answers = new HashMap<>();
        for (int h = 0; h < index.size(); h++) {
            NodeShape shape = index.shape(h);
            long used = usage.usedGpuPositions(h);
            if (usage.heldWhole(h) || shape.gpus() - Long.bitCount(used) < pod.gpus()) {
                continue;
            }
            String host = index.host(h);
            FreeState key = new FreeState(shape, used, (BitSet) usage.usedCores(h).clone());
            if (answers.computeIfAbsent(key, k -> refuses(state, host, pod, kubelet))) {
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
