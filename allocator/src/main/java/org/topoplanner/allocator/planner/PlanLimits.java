package org.topoplanner.allocator.planner;

import java.util.BitSet;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.k8s.KubeletSettings;
import org.topoplanner.allocator.kueue.TopologyLevels;
import org.topoplanner.allocator.slurm.FreeMemory;
import org.topoplanner.allocator.slurm.InvalidNodes;
import org.topoplanner.allocator.slurm.SlurmBinding;
import org.topoplanner.allocator.volcano.HyperNodeTree;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * What the settings rule out for one job in one state.
 *
 * @param refused       hosts whose kubelet would refuse the pod, or whose free memory cannot hold the job, or that
 *                      Slurm sets INVALID
 * @param unbound       hosts on which Slurm's binding rules refuse the job
 * @param oneSocketGpus per host, the GPUs of the one socket Slurm keeps for the job, or {@code null}
 * @param boundCpus     per host, the CPUs Slurm's filter keeps on the GPUs' sockets, or {@code null}
 * @param memoryCpus    per host, the CPUs its free memory pays for at the job's per-CPU figure, or {@code null}
 * @param sets          the scheduler domains the job must stay inside, or {@code null}
 * @param never         why no placement can ever meet the settings, or {@code null}
 * @param partition     the job's partition: its nodes and the CPUs its {@code MaxCPUsPerNode} leaves on each, or
 *                      {@code null} (no partitions, or several named)
 */
record PlanLimits(BitSet refused, BitSet unbound, int[] oneSocketGpus, int[] boundCpus, int[] memoryCpus,
                  HostSets sets, String never, PartitionShare partition) {
    static final PlanLimits NONE = new PlanLimits(new BitSet(), new BitSet(), null, null, null, null, null, null);

    boolean any() {
        return !refused.isEmpty() || !unbound.isEmpty() || oneSocketGpus != null || boundCpus != null
                || memoryCpus != null || sets != null || partition != null;
    }

    /**
     * These limits with {@code hosts} refused as well: the planner's search for its next-best node set
     * ({@link NamedNodeSearch}) leaves out nodes of a set Slurm refuses named.
     */
    PlanLimits without(BitSet hosts) {
        BitSet more = (BitSet) refused.clone();
        more.or(hosts);
        return new PlanLimits(more, unbound, oneSocketGpus, boundCpus, memoryCpus, sets, never, partition);
    }

    /**
     * Hosts outside the job's partition, or where its {@code MaxCPUsPerNode} leaves fewer than {@code demand}'s cores
     * ({@link PartitionShare}); none without a partition.
     */
    BitSet outsidePartitionShare(ClusterIndex index, NodeDemand demand) {
        return partition == null ? new BitSet() : partition.ruledOut(index, demand);
    }

    /**
     * Hosts whose free memory pays for fewer than {@code cpus} of the job's CPUs at its per-CPU figure
     * ({@link FreeMemory#cpusMemoryPays}: the cap Slurm's {@code _can_job_run_on_node} sets on a node's CPU count).
     */
    BitSet tooFewCpusForMemory(int cpus) {
        return below(memoryCpus, cpus);
    }

    /**
     * Hosts where Slurm's filter keeps fewer CPUs on the GPUs' sockets than {@code cpus}: a multi-node
     * {@code --gpus-per-task} job with enforce-binding whose share of tasks there would break the binding.
     */
    BitSet tooFewBoundCpus(int cpus) {
        return below(boundCpus, cpus);
    }

    /** Hosts whose figure in {@code perHost} is below {@code need}; none when there is no such limit. */
    private static BitSet below(int[] perHost, int need) {
        BitSet out = new BitSet();
        if (perHost != null) {
            for (int h = 0; h < perHost.length; h++) {
                out.set(h, perHost[h] < need);
            }
        }
        return out;
    }

    /** Hosts whose one socket Slurm keeps for the job (22.05/24.11 {@code --gpus=N}) holds fewer than {@code gpus}. */
    BitSet tooFewOnOneSocket(int gpus) {
        return below(oneSocketGpus, gpus);
    }

    /** The Volcano tier limit of a cluster, cached with its index (one HyperNode tree walk per cluster). */
    private record VolcanoSetsKey(int tier) {
    }

    /** The Kueue level limit of a cluster, cached with its index. */
    private record KueueSetsKey(String level) {
    }

    /** What {@code settings} rule out for {@code job} in {@code state}. */
    static PlanLimits of(ClusterState state, ClusterIndex index, JobRequest job, SchedulerSettings settings) {
        KubeletSettings kubelet = settings.kubelet();
        SlurmVersion slurm = settings.slurm();
        TopologyConstraints topology = settings.topology();
        BitSet refused = KubeletGate.refused(state, index, job, kubelet);
        // hosts whose free memory cannot hold the job's --mem-per-gpu now (consumable memory): unusable until the
        // running jobs holding it end, as slurm-tree has them ({@link FreeMemory#shortOfFreeMemory})
        Set<String> shortOfMemory = FreeMemory.shortOfFreeMemory(state, job);
        if (settings.slurmDecides()) {
            // nodes Slurm 24.11/26.05 set INVALID (a gres.conf Cores= that splits a socket) take no job of Slurm's;
            // a Kubernetes cluster's kubelet reads no gres.conf, so only where Slurm decides
            Set<String> invalid = InvalidNodes.of(state.cluster(), slurm).keySet();
            if (!invalid.isEmpty()) {
                shortOfMemory = new HashSet<>(shortOfMemory);
                shortOfMemory.addAll(invalid);
            }
        }
        if (!shortOfMemory.isEmpty()) {
            refused = (BitSet) refused.clone();
            for (String h : shortOfMemory) {
                int n = index.number(h);
                if (n >= 0) {
                    refused.set(n);
                }
            }
        }
        BitSet unbound = BindingRefusals.of(state, job, slurm);
        if (settings.slurmDecides() && settings.slurmTree().failsWithEveryCoreFree(state, job)) {
            // 22.05's test 0 of _job_test fails the job with every core free before the free cores are looked at:
            // no node serves it in this state (SlurmTreePolicy#failsWithEveryCoreFree)
            unbound = new BitSet();
            unbound.set(0, index.size());
        }
        int[] oneSocket = SlurmBinding.gpusOnOneSocket(state, job, slurm);
        // -N2 -n6 -c4 --gpus-per-task=1 enforce-binding: Slurm's filter accepts a node for one task, the planner
        // puts three there (PlannerBindingPropertyTest, seed 89364), so their CPUs must fit what the filter keeps
        int[] bound = job.enforceBinding() && job.gpusPerTask() != null
                && (job.requestedNodes() > 1 || NodeDemand.spreadsTasks(job))
                ? SlurmBinding.filteredCpus(state, job, slurm) : null;
        // a per-CPU memory figure caps the CPUs each node gives the job at what its free memory pays for, beside
        // its whole core map (cons_tres _can_job_run_on_node, all three releases): the figure slurm-tree reads
        int[] memoryCpus = FreeMemory.cpusMemoryPays(state, job);
        // the job's partition: Slurm starts it on the partition's nodes only, within MaxCPUsPerNode on each
        PartitionShare partition = settings.slurmDecides() ? PartitionShare.of(index, state, job, slurm) : null;
        HostSets sets = null;
        Optional<Integer> tier = topology.hardVolcanoTier();
        if (tier.isPresent()) {
            int t = tier.get();
            sets = index.derived(new VolcanoSetsKey(t), c -> HostSets.volcano(index, HyperNodeTree.of(c), t));
        }
        Optional<String> level = topology.requiredKueueLevel();
        if (level.isPresent()) {
            String l = level.get();
            Optional<HostSets> kueue = index.derived(new KueueSetsKey(l),
                    c -> HostSets.kueue(index, TopologyLevels.of(c), l));
            if (kueue.isEmpty()) {
                TopologyLevels levels = TopologyLevels.of(state.cluster());
                return new PlanLimits(refused, unbound, oneSocket, bound, memoryCpus, null,
                        "Kueue podset-required-topology=" + l
                        + ": Topology "
                        + levels.name() + " has no such level (levels: " + String.join(", ", levels.levels()) + ")",
                        partition);
            }
            sets = sets == null ? kueue.get() : sets.and(kueue.get());
        }
        return new PlanLimits(refused, unbound, oneSocket, bound, memoryCpus, sets, null, partition);
    }
}
