package org.topoplanner.allocator.k8s;

import java.util.Optional;

/** The kubelet's {@code --topology-manager-scope}. */
public enum TopologyManagerScope {
    /** Hints are merged and admission decided container by container (init containers first). */
    CONTAINER("container"),
    /** The pod's summed requests are merged once; every container then gets that hint. */
    POD("pod");

    private final String flag;

    TopologyManagerScope(String flag) {
        this.flag = flag;
    }

    public String flag() {
        return flag;
    }

    public static Optional<TopologyManagerScope> parse(String text) {
        for (TopologyManagerScope s : values()) {
            if (s.flag.equals(text == null ? "" : text.strip())) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
