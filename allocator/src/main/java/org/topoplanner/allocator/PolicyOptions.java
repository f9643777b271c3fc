package org.topoplanner.allocator;

import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.Honours;

import java.util.Objects;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.k8s.TopologyManagerOptions;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;

/**
 * Settings a policy needs beyond the cluster and the job: which Slurm release to emulate, the kubelet
 * Topology Manager policy and scope for the Kubernetes policies (and the planner, which will not pick a
 * node whose kubelet would refuse the pod), and the job's Volcano / Kueue topology settings. Which of
 * them a policy follows is declared in {@link PolicyCatalog} ({@link Honours}); a {@link PolicyChoice}
 * pairs these settings with the policy.
 *
 * @param slurmVersion    the Slurm release the Slurm policies behave like (default {@link SlurmVersion#DEFAULT}, 26.05)
 * @param topologyManager kubelet {@code --topology-manager-policy}
 * @param topologyScope   kubelet {@code --topology-manager-scope}
 * @param topology        Volcano {@code networkTopology} and Kueue PodSet topology of the job
 * @param topologyManagerOptions kubelet {@code --topology-manager-policy-options}
 */
public record PolicyOptions(SlurmVersion slurmVersion, TopologyManagerPolicy topologyManager,
                            TopologyManagerScope topologyScope, TopologyConstraints topology,
                            TopologyManagerOptions topologyManagerOptions) {
    public static final PolicyOptions DEFAULT = new PolicyOptions(SlurmVersion.DEFAULT, TopologyManagerPolicy.DEFAULT,
            TopologyManagerScope.DEFAULT);

    public PolicyOptions {
        Objects.requireNonNull(slurmVersion, "slurmVersion");
        Objects.requireNonNull(topologyManager, "topologyManager");
        Objects.requireNonNull(topologyScope, "topologyScope");
        Objects.requireNonNull(topology, "topology");
        Objects.requireNonNull(topologyManagerOptions, "topologyManagerOptions");
    }

    /** Options with the kubelet's default Topology Manager policy options. */
    public PolicyOptions(SlurmVersion slurmVersion, TopologyManagerPolicy topologyManager,
                         TopologyManagerScope topologyScope, TopologyConstraints topology) {
        this(slurmVersion, topologyManager, topologyScope, topology, TopologyManagerOptions.DEFAULT);
    }

    /** Options without Volcano or Kueue topology settings. */
    public PolicyOptions(SlurmVersion slurmVersion, TopologyManagerPolicy topologyManager,
                         TopologyManagerScope topologyScope) {
        this(slurmVersion, topologyManager, topologyScope, TopologyConstraints.NONE);
    }

    public PolicyOptions withSlurmVersion(SlurmVersion v) {
        return new PolicyOptions(v, topologyManager, topologyScope, topology, topologyManagerOptions);
    }

    public PolicyOptions withTopologyManager(TopologyManagerPolicy policy, TopologyManagerScope scope) {
        return new PolicyOptions(slurmVersion, policy, scope, topology, topologyManagerOptions);
    }

    public PolicyOptions withTopology(TopologyConstraints t) {
        return new PolicyOptions(slurmVersion, topologyManager, topologyScope, t, topologyManagerOptions);
    }

    public PolicyOptions withTopologyManagerOptions(TopologyManagerOptions o) {
        return new PolicyOptions(slurmVersion, topologyManager, topologyScope, topology, o);
    }
}
