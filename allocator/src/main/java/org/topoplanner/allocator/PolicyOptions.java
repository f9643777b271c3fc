package org.topoplanner.allocator;

import java.util.Objects;

/**
 * Settings a policy needs beyond the cluster and the job: which Slurm release to emulate, and the
 * kubelet Topology Manager policy and scope for the Kubernetes policies.
 *
 * @param slurmVersion    the Slurm release the Slurm policies behave like (default 24.11)
 * @param topologyManager kubelet {@code --topology-manager-policy}: {@code none}, {@code best-effort},
 *                        {@code restricted}, {@code single-numa-node}
 * @param topologyScope   kubelet {@code --topology-manager-scope}: {@code container} or {@code pod}
 */
public record PolicyOptions(SlurmVersion slurmVersion, String topologyManager, String topologyScope) {
    public static final PolicyOptions DEFAULT = new PolicyOptions(SlurmVersion.V24_11, "none", "container");

    public PolicyOptions {
        Objects.requireNonNull(slurmVersion, "slurmVersion");
        Objects.requireNonNull(topologyManager, "topologyManager");
        Objects.requireNonNull(topologyScope, "topologyScope");
    }

    public PolicyOptions withSlurmVersion(SlurmVersion v) {
        return new PolicyOptions(v, topologyManager, topologyScope);
    }
}
