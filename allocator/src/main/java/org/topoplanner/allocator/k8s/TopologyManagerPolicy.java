package org.topoplanner.allocator.k8s;

import java.util.Optional;

/** The kubelet's {@code --topology-manager-policy}. */
public enum TopologyManagerPolicy {
    /** No alignment; every pod is admitted and resources are taken without hints. */
    NONE("none"),
    /** Merge hints, allocate along the best one, always admit. */
    BEST_EFFORT("best-effort"),
    /** Merge hints; reject when the best merged hint is not preferred. */
    RESTRICTED("restricted"),
    /** Only single-NUMA preferred hints take part; reject unless one survives the merge. */
    SINGLE_NUMA_NODE("single-numa-node");

    private final String flag;

    TopologyManagerPolicy(String flag) {
        this.flag = flag;
    }

    /** The spelling of the kubelet flag and of {@code KubeletConfiguration.topologyManagerPolicy}. */
    public String flag() {
        return flag;
    }

    public static Optional<TopologyManagerPolicy> parse(String text) {
        for (TopologyManagerPolicy p : values()) {
            if (p.flag.equals(text == null ? "" : text.strip())) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
