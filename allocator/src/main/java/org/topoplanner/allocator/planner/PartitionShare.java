package org.topoplanner.allocator.planner;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.NodeShape;
import org.topoplanner.allocator.StateUsage;
import org.topoplanner.allocator.slurm.PartitionCpuCap;
import org.topoplanner.model.job.JobRequest;

/**
 * The job's partition as the planner keeps to it: only the partition's nodes, and on each no more CPUs than its
 * {@code MaxCPUsPerNode} leaves the job ({@code _allocate_sc}'s {@code part_cpu_limit}, read by {@link PartitionCpuCap}
 * for {@code slurm-tree}: the limit less the node's used CPUs, nothing on a node whose used CPUs reach it; an
 * {@code --exclusive} job's refusal of a node of more CPUs than the limit is {@code slurm-tree}'s own verdict, read
 * with its other per-node refusals, {@code SlurmBinding.refused}). Slurm never starts a job outside its partition
 * or past the cap, so a plan that needs either is no plan (own probe c18d1 c2, {@code -p cpu -n8} with
 * {@code MaxCPUsPerNode=4} on two idle 8-CPU nodes: 4 + 4 in every release, where the planner gave 8 CPUs of c1).
 *
 * @param partition the partition's name
 * @param cap       its {@code MaxCPUsPerNode}, or {@code null}
 * @param outside   hosts not in the partition
 * @param cpus      per host, the CPUs the partition lets the job have now ({@link PartitionCpuCap#NONE}: no cap)
 * @param ruledOut  {@link #ruledOut}'s sets by the CPUs a node must give, kept with {@code cpus} (with the state)
 */
record PartitionShare(String partition, Integer cap, BitSet outside, int[] cpus,
                      Map<Integer, BitSet> ruledOut) {

    /**
     * The job's one partition on {@code index}'s cluster in {@code state}; {@code null} without one, or for one of
     * every node without a cap (nothing to keep to). The hosts outside come from the partition table, built once per
     * cluster and partition ({@link PartitionCpuCap.ForPlanner#outside}), and the per-host CPUs from a table kept with
     * the state per partition and cap reading ({@link CapKey}), updated for the hosts a job came to or left: rebuilding
     * both per suggestion, one hash look-up and one core count per host, was most of a partitioned suggestion on
     * 16,384 hosts.
     */
    static PartitionShare of(ClusterIndex index, ClusterState state, JobRequest job,
                             org.topoplanner.model.slurm.SlurmVersion version) {
        PartitionCpuCap.ForPlanner p = PartitionCpuCap.forPlanner(state, job, version);
        if (p == null) {
            return null;
        }
        BitSet outside = p.outside();
        if (p.maxCpusPerNode() == null) {
            if (outside.isEmpty()) {
                return null;
            }
            int[] cpus = new int[index.size()];
            Arrays.fill(cpus, PartitionCpuCap.NONE);
            return new PartitionShare(p.partition(), null, outside, cpus, Map.of());
        }
        CpusLeft left = state.derived(new CapKey(p.capKey()), s -> new CpusLeft(cpusLeft(index, s.usage(), p)),
                (before, now, changed) -> new CpusLeft(updated(before.cpus(), index, now.usage(), p, changed)));
        return new PartitionShare(p.partition(), p.maxCpusPerNode(), outside, left.cpus(), left.ruledOut());
    }

    /** The key of a state's {@link CpusLeft} table: the partition and the job's fields the cap reads. */
    private record CapKey(Object cap) {
    }

    /**
     * A state's per-host CPUs for one partition and cap reading, and the {@link #ruledOut} sets made from them so far
     * (a search asks for one per node count it tries, each a walk of every host).
     */
    private record CpusLeft(int[] cpus, Map<Integer, BitSet> ruledOut) {
        CpusLeft(int[] cpus) {
            this(cpus, new ConcurrentHashMap<>());
        }
    }

    /** Per host, the CPUs {@code p} lets the job have in {@code usage} ({@link PartitionCpuCap.ForPlanner#cpusLeft}). */
    static int[] cpusLeft(ClusterIndex index, StateUsage usage, PartitionCpuCap.ForPlanner p) {
        int[] cpus = new int[index.size()];
        for (int h = 0; h < cpus.length; h++) {
            cpus[h] = cpusLeft(index, usage, p, h);
        }
        return cpus;
    }

    /** {@code before} with the hosts named in {@code changed} read again in {@code usage}. */
    private static int[] updated(int[] before, ClusterIndex index, StateUsage usage, PartitionCpuCap.ForPlanner p,
                                 Set<String> changed) {
        int[] cpus = before.clone();
        for (String host : changed) {
            int h = index.number(host);
            if (h >= 0) {
                cpus[h] = cpusLeft(index, usage, p, h);
            }
        }
        return cpus;
    }

    private static int cpusLeft(ClusterIndex index, StateUsage usage, PartitionCpuCap.ForPlanner p, int h) {
        NodeShape shape = index.shape(h);
        // the used CPUs as slurm-tree reads them (PartitionCpuCap: the partition's own jobs' cores once it has run a
        // job, before that every core not free in 24.11 and none in 22.05 and 26.05)
        return p.cpusLeft(h, shape.cores(), shape.cpuIds().threadsPerCore(), freeCores(shape, usage, h));
    }

    /**
     * {@link PlanSearch#freeCores}' count without building the set: the node's cores less the used ones among them.
     */
    static int freeCores(NodeShape shape, StateUsage usage, int h) {
        BitSet used = usage.usedCores(h);
        if (used.isEmpty()) {
            return shape.cores();
        }
        if (used.length() <= shape.cores()) {
            return shape.cores() - used.cardinality();
        }
        return PlanSearch.freeCores(shape, usage, h).cardinality();
    }

    /**
     * Hosts outside the partition, or where the partition leaves the job fewer CPUs than {@code demand}'s whole cores
     * hold ({@link NodeDemand#cores} times the threads: a placement gives whole cores, and the planner keeps every CPU
     * id it gives within the cap, where Slurm lowers {@code avail_cpus} and may round its cores up past it).
     */
    BitSet ruledOut(ClusterIndex index, NodeDemand demand) {
        if (cap == null) {
            return (BitSet) outside.clone();
        }
        // a function of the CPUs the demand asks of a node (and the cluster's shapes): one walk per figure and state
        return (BitSet) ruledOut.computeIfAbsent(demand.cpus(), c -> {
            BitSet out = (BitSet) outside.clone();
            for (int h = 0; h < cpus.length; h++) {
                if (cpus[h] == PartitionCpuCap.NONE) {
                    continue;
                }
                int tpc = index.shape(h).cpuIds().threadsPerCore();
                if (cpus[h] < demand.cores(tpc) * tpc) {
                    out.set(h);
                }
            }
            return out;
        }).clone();
    }

    /** The most CPUs the cap lets a node of {@code cpus} CPUs give the job (every CPU without a cap). */
    int capped(int nodeCpus) {
        return cap == null ? nodeCpus : Math.min(nodeCpus, cap);
    }

    /**
     * The host of {@code p} that breaks the share (outside the partition, or more CPUs than the partition leaves the
     * job there), named with why; {@code null} when none does.
     */
    String broken(ClusterIndex index, org.topoplanner.model.job.Placement p) {
        for (var a : p.hosts()) {
            int h = index.number(a.host());
            if (h < 0 || outside.get(h)) {
                return a.host() + " is not in partition " + partition;
            }
            int given = a.countedCpus() != null ? a.countedCpus() : a.cpus().size();
            if (given > cpus[h]) {
                return a.host() + " would give the job " + given + " CPUs where " + capText() + " leaves it "
                        + cpus[h];
            }
        }
        return null;
    }

    /**
     * {@code agreed} (the planner's answer held against Slurm's), unless it places the job past {@code share}; then the
     * planner's own answer {@code mine}, which keeps it, stands. {@code slurm-tree} keeps the same share (its
     * {@code MaxCPUsPerNode} reading is this one's), so this only guards the two readings from drifting apart.
     */
    static org.topoplanner.allocator.Suggestion hold(PartitionShare share, ClusterIndex index,
                                                     org.topoplanner.allocator.Suggestion agreed,
                                                     org.topoplanner.allocator.Suggestion mine) {
        if (share == null || !(agreed instanceof org.topoplanner.allocator.Suggestion.Placed placed)
                || share.broken(index, placed.placement()) == null) {
            return agreed;
        }
        if (mine instanceof org.topoplanner.allocator.Suggestion.Placed own) {
            String broken = share.broken(index, own.placement());
            if (broken != null) {
                return new org.topoplanner.allocator.Suggestion.Pending(
                        org.topoplanner.allocator.PendingReason.RESOURCES, "no placement keeps to partition "
                        + share.partition() + " now: " + broken);
            }
        }
        return mine;
    }

    /** Whether the cap is what spreads {@code p}: several nodes, and more CPUs in all than the cap lets one give. */
    boolean spreads(org.topoplanner.model.job.Placement p) {
        if (cap == null || p.hosts().size() < 2) {
            return false;
        }
        int all = 0;
        for (var a : p.hosts()) {
            all += a.countedCpus() != null ? a.countedCpus() : a.cpus().size();
        }
        return all > cap;
    }

    /** The limit, named as slurm.conf names it: "partition cpu: MaxCPUsPerNode=4"; {@code null} without one. */
    String capText() {
        return cap == null ? null : "partition " + partition + ": MaxCPUsPerNode=" + cap;
    }
}
