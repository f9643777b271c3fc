package org.topoplanner.allocator.planner;

import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.k8s.KubeletSettings;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The scheduler settings a {@link PlannerPolicy} answers under: the kubelet's Topology Manager policy, the job's
 * Volcano / Kueue limits, the Slurm release, and {@code slurm-tree} of that release on the same state
 * ({@link SlurmAgreement}; one instance keeps sbatch's verdicts).
 */
final class SchedulerSettings {
    private final KubeletSettings kubelet;
    private final TopologyConstraints topology;
    private final SlurmVersion slurm;
    private final PolicyOptions options;
    private final SlurmTreePolicy slurmTree;

    SchedulerSettings(PolicyOptions options) {
        this.kubelet = KubeletSettings.from(options);
        this.topology = options.topology();
        this.slurm = options.slurmVersion();
        this.options = options;
        this.slurmTree = new SlurmTreePolicy(options);
    }

    KubeletSettings kubelet() {
        return kubelet;
    }

    TopologyConstraints topology() {
        return topology;
    }

    SlurmVersion slurm() {
        return slurm;
    }

    PolicyOptions options() {
        return options;
    }

    SlurmTreePolicy slurmTree() {
        return slurmTree;
    }

    /** The key of {@code slurm-tree}'s answer to one request under these options, kept with the state it was on. */
    private record SlurmAnswer(JobRequest job, PolicyOptions options) {
    }

    /**
     * {@code slurm-tree}'s answer to {@code job} on {@code state}, asked once per state and request: the uneven split
     * and the agreement both read it (each ran it before), and a drag over an unchanged plan asks the same job again.
     * It is a pure function of the state, the request and the options.
     */
    Suggestion slurmAnswer(ClusterState state, JobRequest job) {
        return state.derived(new SlurmAnswer(job, options), s -> slurmTree.suggest(s, job));
    }

    /** Whether a kubelet Topology Manager policy is set: the hosts it refuses are the kubelet's, not memory's. */
    boolean kubeletGates() {
        return kubelet.policy() != TopologyManagerPolicy.NONE;
    }

    /**
     * Whether Slurm is the scheduler the options describe: no kubelet Topology Manager policy and no Volcano or
     * Kueue topology setting (those are a Kubernetes cluster's, whose admission Slurm's selection says nothing of).
     */
    boolean slurmDecides() {
        return kubelet.policy() == TopologyManagerPolicy.NONE
                && topology.hardVolcanoTier().isEmpty() && topology.requiredKueueLevel().isEmpty();
    }
}
