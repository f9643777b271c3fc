package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.FabricDomains;
import org.topoplanner.allocator.NodeShape;
import org.topoplanner.allocator.StateUsage;
import org.topoplanner.allocator.planner.PlannerPolicy.Plan;
import org.topoplanner.allocator.slurm.FreeMemory;
import org.topoplanner.allocator.slurm.SlurmJobSpec;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * The planner's search for its optimum ({@link PlannerPolicy}): the node counts to try, the candidates each node
 * count leaves within the {@link PlanLimits}, the exact search over the fabric ({@link TreeSearch}, or
 * {@link LimitedSearch} inside a scheduler's domains), the rounding's spare shares taken off ({@link SpareTrim}), and
 * the placement with the leaves it spans.
 */
final class PlanSearch {
    private PlanSearch() {
    }

    /** The most GPUs of one host of a cluster, cached with its index. */
    private record MostGpusKey() {
    }

    /** The most CPUs of one host of a cluster, cached with its index. */
    private record MostCpusKey() {
    }

    /**
     * The optimum of {@code job} within {@code limits}: the fewest nodes that can hold it first, then up to three
     * more for a job whose node count is not fixed ({@code --gpus=N}, tasks Slurm spreads); empty when none fits.
     */
    static Optional<Plan> best(ClusterIndex index, StateUsage usage, JobRequest job, PlanLimits limits) {
        int maxGpus = index.derived(MostGpusKey.class, c -> {
            int most = 0;
            for (int h = 0; h < index.size(); h++) {
                most = Math.max(most, index.shape(h).gpus());
            }
            return most;
        });
        int first = NodeDemand.minNodes(job, maxGpus);
        boolean perJobGpus = job.gpus() != null && job.gpusPerNode() == null && job.gpusPerTask() == null;
        int last = perJobGpus ? Math.min(index.size(), first + 3) : first;
        if (NodeDemand.spreadsTasks(job)) {
            last = Math.min(Math.min(index.size(), job.ntasks()), first + 3);
        }
        if (NodeDemand.spreadsCpuTasks(job)) {
            // -n5 -c10 without -N: Slurm spreads the tasks over as many nodes as their CPUs need (fuzz22 p33 ran on
            // two 32-CPU nodes in all three releases, where a one-node reading never fits)
            int mostCpus = index.derived(MostCpusKey.class, c -> {
                int most = 0;
                for (int h = 0; h < index.size(); h++) {
                    most = Math.max(most, index.shape(h).cores() * index.shape(h).cpuIds().threadsPerCore());
                }
                return most;
            });
            if (limits.partition() != null) {
                // the partition's MaxCPUsPerNode spreads them further: -p cpu -n8 under a cap of 4 takes two nodes
                mostCpus = limits.partition().capped(mostCpus);
            }
            int perTask = job.cpusPerTask() == null ? 1 : job.cpusPerTask();
            int tasksPerNode = Math.max(1, mostCpus / perTask);
            first = Math.max(first, (job.ntasks() + tasksPerNode - 1) / tasksPerNode);
            last = Math.min(Math.min(index.size(), job.ntasks()), first + 3);
        }
        SlurmJobSpec spec = SlurmJobSpec.of(job);
        if (job.ntasks() != null && job.ntasksPerNode() == null) {
            // no node without a task: cons_tres caps max_nodes at MAX(num_tasks, min_nodes) (job_test.c _job_test
            // in 22.05, common_topo.c in 24.11/26.05), so -n1 --gpus=9 stays on one node (fuzz29 p15: refused by
            // 22.05, left waiting by 24.11 where no node holds nine)
            last = Math.min(last, Math.max(job.ntasks(), spec.minNodes()));
        }
        // -N caps the nodes as sbatch reads it (-N1 is one node at most): Slurm never spreads a -N1 --gpus=4 job
        // over two nodes, it refuses it where no node holds 4 (PlannerBindingPropertyTest)
        Integer most = spec.maxNodes();
        if (most != null) {
            last = Math.min(last, most);
        }
        for (int nodes = first; nodes <= last; nodes++) {
            Optional<Plan> p = onNodes(index, usage, job, NodeDemand.of(job, nodes), limits);
            if (p.isPresent()) {
                return p;
            }
        }
        return Optional.empty();
    }

    /** The optimum of {@code job} on {@code demand.nodes()} nodes of {@code demand}'s shares, within {@code limits}. */
    static Optional<Plan> onNodes(ClusterIndex index, StateUsage usage, JobRequest job, NodeDemand demand,
                                  PlanLimits limits) {
        if (demand.nodes() > index.size()) {
            return Optional.empty();
        }
        BitSet ruledOut = (BitSet) limits.refused().clone();
        ruledOut.or(limits.unbound());
        // every node the plan uses holds its even share on the one socket Slurm keeps (the planner may give a
        // node one GPU fewer for the rounding, but asks the full share: never more than Slurm gives)
        ruledOut.or(limits.tooFewOnOneSocket(demand.gpus()));
        ruledOut.or(limits.tooFewBoundCpus(demand.cpus()));
        ruledOut.or(limits.tooFewCpusForMemory(demand.cpus()));
        // nodes outside the job's partition, or whose MaxCPUsPerNode leaves fewer CPUs than the share (PartitionShare)
        ruledOut.or(limits.outsidePartitionShare(index, demand));
        if (limits.sets() != null) {
            BitSet outside = new BitSet();
            outside.set(0, index.size());
            outside.andNot(limits.sets().union());
            ruledOut.or(outside);
        }
        Candidates cand = candidates(index, usage, job, demand, ruledOut);
        for (String h : job.nodelist()) {
            if (!cand.usable(index.number(h))) {
                return Optional.empty();
            }
        }
        if (cand.usableHosts < demand.nodes()) {
            return Optional.empty();
        }
        FabricDomains dom = index.domains();
        int leafLimit = leafLimit(job, dom, demand.nodes());
        TreeSearch.Result r = limits.sets() == null
                ? new TreeSearch(dom, cand, demand.nodes(), leafLimit).search()
                : LimitedSearch.best(dom, cand, demand.nodes(), leafLimit, limits.sets());
        if (r == null) {
            return Optional.empty();
        }
        NodeChoice[] even = new NodeChoice[r.hosts().length];
        for (int i = 0; i < even.length; i++) {
            even[i] = cand.choice[r.hosts()[i]];
        }
        SpareTrim shares = SpareTrim.of(index, usage, job, demand, r.hosts(), even);
        if (shares == null) {
            return Optional.empty();
        }
        List<HostAllocation> hosts = new ArrayList<>();
        boolean counts = countsTasksCpus(index, job);
        for (int i = 0; i < r.hosts().length; i++) {
            int h = r.hosts()[i];
            NodeShape shape = index.shape(h);
            NodeChoice c = shares.choices()[i];
            HostAllocation a = new HostAllocation(index.host(h), shape.indices(c.gpus()),
                    index.cpuIds(h).cpusOfCores(c.cores().stream().boxed().toList()), c.nicByGpu(shape));
            hosts.add(counts ? a.withCountedCpus(shares.demands()[i].cpus()) : a);
        }
        List<String> leaves = new ArrayList<>();
        BitSet seen = new BitSet();
        for (int h : r.hosts()) {
            int d = dom.domainOf(h);
            if (d >= 0 && !seen.get(d) && dom.get(d).tier() == 1) {
                seen.set(d);
                leaves.add(dom.get(d).name());
            }
        }
        return Optional.of(new Plan(new Placement(job.name(), hosts), new Score(new Layout(dom.maxTier()), r.cost()),
                leaves));
    }

    /**
     * Whether the planner's placements carry the CPUs its split counts on each node
     * ({@link HostAllocation#countedCpus}): where Slurm counts a node's CPUs by its tasks, not its whole cores ({@link FreeMemory#countsTasksCpus},
     * {@code CR_CPU}), as {@code slurm-tree}'s placements do, and not for {@code --exclusive}, which holds the node's
     * every CPU. The count is the node's {@link NodeDemand#cpus} (tasks x {@code -c}, or {@code --cpus-per-gpu} x its
     * GPUs), in the node's threads for a job read through {@code --threads-per-core} as Slurm counts it there too.
     */
    private static boolean countsTasksCpus(ClusterIndex index, JobRequest job) {
        return !job.exclusive() && FreeMemory.countsTasksCpus(index.cluster());
    }

    static Candidates candidates(ClusterIndex index, StateUsage usage, JobRequest job, NodeDemand demand) {
        return candidates(index, usage, job, demand, new BitSet());
    }

    /** The candidates, with {@code ruledOut} hosts (by the scheduler settings) left out as if excluded. */
    static Candidates candidates(ClusterIndex index, StateUsage usage, JobRequest job, NodeDemand demand,
                                 BitSet ruledOut) {
        BitSet excluded = (BitSet) ruledOut.clone();
        job.exclude().forEach(h -> {
            int i = index.number(h);
            if (i >= 0) {
                excluded.set(i);
            }
        });
        BitSet required = new BitSet();
        job.nodelist().forEach(h -> {
            int i = index.number(h);
            if (i >= 0) {
                required.set(i);
            }
        });
        return LastCandidates.of(index, usage, demand, excluded, required,
                () -> new Candidates(index, usage, demand, excluded, required));
    }

    static BitSet freeCores(NodeShape shape, StateUsage usage, int h) {
        BitSet free = new BitSet();
        free.set(0, shape.cores());
        free.andNot(usage.usedCores(h));
        return free;
    }

    /** {@code --switches=S} as a leaf limit for the search; 0 when absent or when it cannot bind. */
    static int leafLimit(JobRequest job, FabricDomains dom, int nodes) {
        if (job.switches() == null || job.switches() == 0) {
            return 0;
        }
        long leaves = dom.all().stream().filter(d -> d.tier() == 1).count();
        return job.switches() >= Math.min(nodes, leaves) ? 0 : job.switches();
    }

    /** The leaf switches (tier-1 domains) of {@code p}, counted as a plan counts its own. */
    static int leafCount(ClusterIndex index, Placement p) {
        FabricDomains dom = index.domains();
        BitSet seen = new BitSet();
        for (HostAllocation a : p.hosts()) {
            int d = dom.domainOf(index.number(a.host()));
            if (d >= 0 && dom.get(d).tier() == 1) {
                seen.set(d);
            }
        }
        return seen.cardinality();
    }
}
