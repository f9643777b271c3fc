package org.topoplanner.model.k8s;

import java.util.List;
import java.util.Optional;

/** The kubelet's {@code --topology-manager-scope} ({@code KubeletConfiguration.topologyManagerScope}). */
public enum TopologyManagerScope implements KubeletOptionValue {
    /** Hints are merged and admission decided container by container (init containers first). */
    CONTAINER,
    /** The pod's summed requests are merged once; every container then gets that hint. */
    POD;

    /** The kubelet's default. */
    public static final TopologyManagerScope DEFAULT = CONTAINER;

    @Override
    public String toString() {
        return flag();
    }

    public static List<String> flags() {
        return KubeletOptionValue.flags(values());
    }

    /** Reads a spelling exactly as the kubelet does (case matters); empty for anything else. */
    public static Optional<TopologyManagerScope> parse(String text) {
        return KubeletOptionValue.parse(values(), text);
    }
}
