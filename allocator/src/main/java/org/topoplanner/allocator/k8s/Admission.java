package org.topoplanner.allocator.k8s;

import java.util.List;
import java.util.Objects;
import org.topoplanner.model.job.HostAllocation;

/** What a node's kubelet does with a pod the scheduler bound to it. */
public sealed interface Admission {
    String pod();

    String host();

    /** The Topology Manager's decision for one container (container scope) or the whole pod (pod scope). */
    record Decision(String scopeName, List<ResourceHints> hints, TopologyHint best, boolean admit) {
        public Decision {
            hints = List.copyOf(hints);
        }
    }

    /** The pod runs with these GPUs, CPUs (Slurm ids) and RDMA NICs. */
    record Admitted(String pod, String host, HostAllocation allocation, List<Decision> decisions)
            implements Admission {
        public Admitted {
            Objects.requireNonNull(allocation, "allocation");
            decisions = List.copyOf(decisions);
        }
    }

    /**
     * The pod is rejected at admission and ends {@code Failed} with this {@code status.reason}:
     * {@code TopologyAffinityError} when the policy refuses the merged hint, {@code UnexpectedAdmissionError}
     * when a resource manager cannot allocate what the scheduler thought was free. {@code KubeletNotRunning}
     * is ours, not a pod reason: the node's kubelet refused to start (too many NUMA nodes for
     * {@code max-allowable-numa-nodes}), so the node stays NotReady and no pod ever runs there.
     */
    record Rejected(String pod, String host, String reason, String message, List<Decision> decisions)
            implements Admission {
        public static final String TOPOLOGY_AFFINITY_ERROR = "TopologyAffinityError";
        public static final String UNEXPECTED_ADMISSION_ERROR = "UnexpectedAdmissionError";
        public static final String KUBELET_NOT_RUNNING = "KubeletNotRunning";

        public Rejected {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(message, "message");
            decisions = List.copyOf(decisions);
        }

        public boolean topologyAffinityError() {
            return reason.equals(TOPOLOGY_AFFINITY_ERROR);
        }
    }
}
