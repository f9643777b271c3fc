package org.topoplanner.importers.k8s;

import org.topoplanner.model.fabric.Fabric;

/** {@link RailCollapse} for tests of other packages: the fabric as Slurm's tree and Kubernetes show it. */
public final class RailCollapseView {
    private RailCollapseView() {
    }

    public static Fabric of(Fabric fabric) {
        return RailCollapse.of(fabric);
    }
}
