package org.topoplanner.model.project;

import java.util.Objects;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The settings the window's policy was working under when the project was saved, so that reopening it
 * judges the placements as before: the Slurm release, the kubelet Topology Manager, and the job's
 * Volcano / Kueue topology. Projects saved before these were kept have none ({@link ViewState#settings()}
 * is {@code null}) and open with the defaults.
 *
 * @param slurmVersion    the Slurm release the Slurm policies emulate, {@code null} when the file names none
 * @param topologyManager kubelet {@code topologyManagerPolicy}
 * @param topologyScope   kubelet {@code topologyManagerScope}
 * @param jobTopology     Volcano {@code networkTopology} and Kueue PodSet annotation of the jobs
 */
public record PolicySettings(SlurmVersion slurmVersion, TopologyManagerPolicy topologyManager,
                             TopologyManagerScope topologyScope, TopologyConstraints jobTopology) {
    /** A new project's settings: Slurm 26.05, the kubelet's default Topology Manager, no job topology. */
    public static final PolicySettings DEFAULT = new PolicySettings(SlurmVersion.DEFAULT, TopologyManagerPolicy.DEFAULT,
            TopologyManagerScope.DEFAULT, TopologyConstraints.NONE);

    public PolicySettings {
        Objects.requireNonNull(topologyManager, "topologyManager");
        Objects.requireNonNull(topologyScope, "topologyScope");
        Objects.requireNonNull(jobTopology, "jobTopology");
    }

    public PolicySettings withSlurmVersion(SlurmVersion v) {
        return new PolicySettings(v, topologyManager, topologyScope, jobTopology);
    }
}
