package org.topoplanner.model.k8s;

import java.util.List;
import java.util.Optional;

/**
 * The kubelet's {@code --topology-manager-policy} ({@code KubeletConfiguration.topologyManagerPolicy}).
 * The one list of its values: the kubelet-config reader, writer and rules, the allocator's admission,
 * the command line and the window's toolbar all take it from here.
 */
public enum TopologyManagerPolicy implements KubeletOptionValue {
    /** No alignment; every pod is admitted and resources are taken without hints. */
    NONE,
    /** Merge hints, allocate along the best one, always admit. */
    BEST_EFFORT,
    /** Merge hints; reject when the best merged hint is not preferred. */
    RESTRICTED,
    /** Only single-NUMA preferred hints take part; reject unless one survives the merge. */
    SINGLE_NUMA_NODE;

    /** The kubelet's default. */
    public static final TopologyManagerPolicy DEFAULT = NONE;

    /** The flag, so that lists, choice boxes and {@code --help} show what the kubelet reads. */
    @Override
    public String toString() {
        return flag();
    }

    /** Every spelling, in the kubelet's order (for messages: "must be one of ..."). */
    public static List<String> flags() {
        return KubeletOptionValue.flags(values());
    }

    /** Reads a spelling exactly as the kubelet does (case matters); empty for anything else. */
    public static Optional<TopologyManagerPolicy> parse(String text) {
        return KubeletOptionValue.parse(values(), text);
    }
}
