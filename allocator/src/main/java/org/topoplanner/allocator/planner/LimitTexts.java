package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.allocator.k8s.KubeletSettings;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The planner's texts on its {@link PlanLimits}: what a waiting job waits within, and why a job the limits rule out
 * on the idle cluster can never be placed. A Topology Manager policy's refusals are the kubelet's; without one the
 * refused hosts are those whose memory cannot hold the job or that Slurm sets INVALID.
 */
final class LimitTexts {
    private LimitTexts() {
    }

    /** The limits {@code limits} sets, named for a text on what the job waits within. */
    static String within(PlanLimits limits, JobRequest job, SchedulerSettings settings) {
        KubeletSettings kubelet = settings.kubelet();
        SlurmVersion slurm = settings.slurm();
        List<String> parts = new ArrayList<>();
        if (limits.sets() != null) {
            parts.add(limits.sets().origin());
        }
        if (!limits.refused().isEmpty()) {
            // refused holds the kubelet's refusals and, besides them, the nodes whose free memory cannot hold the
            // job and those Slurm sets INVALID: name the kubelet only where a Topology Manager policy is set
            parts.add(settings.kubeletGates() ? "hosts whose kubelet admits the pod under Topology Manager "
                    + kubelet.policy().flag() + ", scope " + kubelet.scope().flag()
                    : "nodes whose free memory holds the job (and that Slurm " + slurm.label() + " keeps valid)");
        }
        if (!limits.unbound().isEmpty()) {
            parts.add(wholeRefusal(limits, job) != null ? "nodes Slurm " + slurm.label() + " takes whole for it ("
                    + wholeRefusal(limits, job) + ")" : bindsToGpus(job) ? "nodes whose free cores Slurm "
                    + slurm.label() + " binds to the GPUs per socket" : "nodes whose free whole cores Slurm "
                    + slurm.label() + "'s core selection accepts");
        }
        if (limits.boundCpus() != null) {
            parts.add("nodes whose GPUs' sockets hold the CPUs of their tasks as Slurm " + slurm.label()
                    + " binds them");
        }
        if (limits.oneSocketGpus() != null) {
            parts.add("the GPUs of the one socket per node Slurm " + slurm.label() + " keeps for the job");
        }
        if (limits.memoryCpus() != null) {
            parts.add("the CPUs each node's free memory pays for at the job's per-CPU memory figure");
        }
        if (limits.partition() != null) {
            PartitionShare p = limits.partition();
            parts.add(p.cap() == null ? "the nodes of partition " + p.partition()
                    : p.capText() + " (its nodes only, at most " + p.cap() + " CPUs of the job on each, less the CPUs"
                    + " Slurm " + slurm.label() + " counts as used there)");
        }
        return String.join("; ", parts);
    }

    /** Why no placement can ever meet {@code limits}, which rule out every plan on the idle cluster. */
    static String neverWithin(PlanLimits limits, JobRequest job, SchedulerSettings settings) {
        KubeletSettings kubelet = settings.kubelet();
        SlurmVersion slurm = settings.slurm();
        List<String> why = new ArrayList<>();
        if (limits.sets() != null) {
            why.add(limits.sets().origin() + ": no allowed domain can hold all " + job.requestedNodes()
                    + " nodes of " + job.name() + " (the largest has " + limits.sets().largest() + " hosts)");
        }
        if (!limits.refused().isEmpty()) {
            why.add(settings.kubeletGates() ? "Topology Manager " + kubelet.policy().flag() + " (scope "
                    + kubelet.scope().flag() + ") would refuse the pod with TopologyAffinityError on "
                    + limits.refused().cardinality() + " node(s) even when idle"
                    : limits.refused().cardinality() + " node(s) cannot take it even when idle (their memory"
                    + " cannot hold the job, or Slurm " + slurm.label() + " sets them INVALID for a gres.conf"
                    + " Cores= that splits a socket)");
        }
        if (!limits.unbound().isEmpty() && wholeRefusal(limits, job) != null) {
            why.add("Slurm " + slurm.label() + " refuses the job on " + limits.unbound().cardinality()
                    + " node(s) even when idle: " + wholeRefusal(limits, job));
        } else if (!limits.unbound().isEmpty()) {
            why.add(bindsToGpus(job) ? "Slurm " + slurm.label() + " binds the CPUs to the GPUs' sockets and refuses"
                    + " the job on " + limits.unbound().cardinality() + " node(s) even when idle"
                    : "Slurm " + slurm.label() + "'s core selection (whole cores" + (job.asksForGpus()
                    ? " and the GPUs' cores" : "") + (limits.memoryCpus() != null
                    ? ", no more CPUs than the free memory pays for" : "") + ") refuses the job on "
                    + limits.unbound().cardinality() + " node(s) even when idle");
        }
        if (limits.boundCpus() != null) {
            why.add("Slurm " + slurm.label() + " keeps each task's CPUs on the sockets of its GPUs, and no nodes"
                    + " enough hold the job's tasks that way");
        }
        if (limits.oneSocketGpus() != null) {
            why.add("Slurm " + slurm.label() + " gives a --gpus job with enforce-binding and one CPU per node the"
                    + " GPUs of one socket per node only");
        }
        if (limits.memoryCpus() != null) {
            why.add("no node's memory pays for the CPUs the job needs there at its per-CPU memory figure, even when"
                    + " idle");
        }
        if (limits.partition() != null) {
            PartitionShare p = limits.partition();
            why.add(p.cap() == null ? "partition " + p.partition() + " has too few nodes that can hold it"
                    : p.capText() + ": no node of the partition gives the job more than " + p.cap() + " CPUs"
                    + ", and the partition has no nodes enough for its share that way");
        }
        return "The request can never be met under these scheduler settings: " + String.join("; ", why);
    }

    /**
     * For an {@code --exclusive} job of a partition with {@code MaxCPUsPerNode}, why slurm-tree refuses its nodes of
     * more CPUs whole ({@code PartitionCpuCap.wholeRefusal}, named with the partition); {@code null} otherwise.
     */
    static String wholeRefusal(PlanLimits limits, JobRequest job) {
        PartitionShare p = limits.partition();
        return job.exclusive() && p != null && p.cap() != null
                ? "partition " + p.partition() + ": " + org.topoplanner.allocator.slurm.PartitionCpuCap.wholeRefusal(p.cap())
                : null;
    }

    /**
     * Whether the core selection's refusal is the GPU binding ({@code --gres-flags=enforce-binding} with GPUs); for
     * any other job it is the selection's whole cores (and a per-CPU memory cap), which the texts say instead.
     */
    static boolean bindsToGpus(JobRequest job) {
        return job.enforceBinding() && job.asksForGpus();
    }
}
