package org.topoplanner.model.project;

import java.util.Objects;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;

/**
 * The settings the window's policy was working under when the project was saved, so that reopening it
 * judges the placements as before: the Slurm release, the kubelet Topology Manager, and the job's
 * Volcano / Kueue topology. Projects saved before these were kept have none ({@link ViewState#settings()}
 * is {@code null}) and open with the defaults.
 *
 * @param slurmVersion    the Slurm release as Slurm prints it ({@code 22.05}, {@code 24.11}), {@code null} when
 *                        the file names none; the allocator knows which releases it emulates, so this model
 *                        keeps the text
 * @param topologyManager kubelet {@code topologyManagerPolicy}
 * @param topologyScope   kubelet {@code topologyManagerScope}
 * @param jobTopology     Volcano {@code networkTopology} and Kueue PodSet annotation of the jobs
 */
public record PolicySettings(String slurmVersion, TopologyManagerPolicy topologyManager,
                             TopologyManagerScope topologyScope, TopologyConstraints jobTopology) {
    public PolicySettings {
        Objects.requireNonNull(topologyManager, "topologyManager");
        Objects.requireNonNull(topologyScope, "topologyScope");
        Objects.requireNonNull(jobTopology, "jobTopology");
    }
}
