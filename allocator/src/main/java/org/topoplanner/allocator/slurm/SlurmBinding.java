package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.allocator.StateUsage;
import org.topoplanner.model.job.JobRequest;

/**
 * Slurm's binding rules as a verdict per node, for policies that choose nodes their own way (the
 * planner): may {@code select/cons_tres} give this job its cores and GPUs on this node in this state?
 * The answer is {@link CoreFilter}, the same code {@code slurm-tree} places with, in either of its
 * passes ({@code _select_cores}: a node Slurm can only use in the second pass is still usable). It
 * refuses, per socket, what the real schedulers refuse: with {@code --cpus-per-gpu} and
 * {@code enforce-binding} a socket offers at most its free CPUs over CPUs-per-GPU of its GPUs (the
 * issue's probe: {@code --gpus-per-node=3 --cpus-per-gpu=8 --gres-flags=enforce-binding} on a node
 * whose 2-GPU socket has fewer than 16 free cores is {@code Resources} in 22.05.8 and 24.11.5, own
 * case {@code binding} x1), and with {@code enforce-binding} alone the cores must sit on the sockets
 * whose GPUs the job takes. Under consumable memory a per-CPU figure caps each node's CPU count as the selection's
 * does ({@link PerCpuMemory}: free memory now, every node's memory in sbatch's test), so the verdict reads it too.
 */
public final class SlurmBinding {
    private SlurmBinding() {
    }

    /**
     * The hosts (numbered as in the cluster's {@link org.topoplanner.allocator.ClusterIndex}) that Slurm
     * {@code version} would never give {@code request} in {@code state} because of their free cores, GPUs
     * and the sockets they sit on. Hosts that are busy as a whole, excluded or named wrongly are left to
     * the caller; {@code --exclusive} jobs take whole idle nodes, refused here only where their partition refuses a
     * node whole ({@link #refusedWhole}).
     */
    public static BitSet refused(ClusterState state, JobRequest request, SlurmVersion version) {
        BitSet out = new BitSet();
        SlurmJobSpec job = SlurmJobSpec.of(request);
        if (job.exclusive()) {
            return refusedWhole(state.cluster(), job);
        }
        StateUsage usage = state.usage();
        List<SlurmNode> nodes = SlurmNode.of(state.cluster());
        if (refusedAtSubmit(state.cluster(), nodes, job, version, request)) {
            nodes.forEach(n -> out.set(n.host()));
            return out;
        }
        PerCpuMemory.Table memory = FreeMemory.perCpuMemory(state, request);
        // idle nodes of one layout and memory get one verdict (the filter reads only the layout, what is free and
        // the memory's cap on the CPU count)
        Map<List<Object>, Boolean> idle = new HashMap<>();
        for (SlurmNode n : nodes) {
            if (usage.heldWhole(n.host())) {
                continue;
            }
            boolean ok = usage.idle(n.host())
                    ? idle.computeIfAbsent(List.of(NodeLayout.of(n), memory == null ? PerCpuMemory.NONE : memory.of(n)),
                            l -> accepts(n, use(usage, n, job, memory), job, version))
                    : accepts(n, use(usage, n, job, memory), job, version);
            if (!ok) {
                out.set(n.host());
            }
        }
        return out;
    }

    /**
     * {@link #refused} for {@code state}, from {@code before}, its answer for an earlier state whose running jobs
     * differ from this one's only on the hosts numbered in {@code changed}: each node's verdict reads only that
     * node's layout and use, so only those hosts are asked again.
     */
    public static BitSet refusedAgain(BitSet before, ClusterState state, BitSet changed, JobRequest request,
                                      SlurmVersion version) {
        SlurmJobSpec job = SlurmJobSpec.of(request);
        if (job.exclusive()) {
            return refusedWhole(state.cluster(), job);
        }
        BitSet out = (BitSet) before.clone();
        StateUsage usage = state.usage();
        SlurmNode[] byHost = usage.index().derived(NodesByHost.class, c -> {
            SlurmNode[] a = new SlurmNode[usage.index().size()];
            SlurmNode.of(c).forEach(n -> a[n.host()] = n);
            return a;
        });
        // the cluster's node list as refused() reads it (kept with the index): no per-suggestion walk over every node
        List<SlurmNode> all = SlurmNode.of(state.cluster());
        if (refusedAtSubmit(state.cluster(), all, job, version, request)) {
            all.forEach(n -> out.set(n.host()));
            return out;
        }
        PerCpuMemory.Table memory = FreeMemory.perCpuMemory(state, request);
        for (int h = changed.nextSetBit(0); h >= 0 && h < byHost.length; h = changed.nextSetBit(h + 1)) {
            SlurmNode n = byHost[h];
            out.set(h, !usage.heldWhole(h) && !accepts(n, use(usage, n, job, memory), job, version));
        }
        return out;
    }

    /**
     * Per host (numbered as in the cluster's index), how many GPUs Slurm {@code version} lets {@code request} take
     * there when it gives the job one socket per node ({@link CoreFilter#oneGpuSocket}: 22.05 and 24.11,
     * {@code --gpus=N} with {@code enforce-binding} and at most one CPU per node): the free GPUs of the socket
     * the filter keeps, and with {@code --cpus-per-gpu} no more than that socket's CPUs hold, 0 where the filter
     * refuses the node. {@code null} when that rule does not apply, so a
     * planner that splits {@code --gpus=4} 4 on one node would take GPUs of both sockets where Slurm takes 2.
     */
    public static int[] gpusOnOneSocket(ClusterState state, JobRequest request, SlurmVersion version) {
        SlurmJobSpec job = SlurmJobSpec.of(request);
        if (!CoreFilter.oneGpuSocket(job, version)) {
            return null;
        }
        StateUsage usage = state.usage();
        PerCpuMemory.Table memory = FreeMemory.perCpuMemory(state, request);
        int[] out = new int[usage.index().size()];
        for (SlurmNode n : SlurmNode.of(state.cluster())) {
            NodeUse use = use(usage, n, job, memory);
            CoreFilter.Result r = CoreFilter.select(n, use, job, true, true, version);
            if (r == null || r.availCpus() == 0) {
                r = CoreFilter.select(n, use, job, false, true, version);
            }
            int gpus = r == null || r.availCpus() == 0 ? 0 : r.gpus(use).cardinality();
            if (gpus > 0 && job.cpusPerGpu() != null) {
                // the kept socket's CPUs bound its GPUs too (gres_select_filter_remove_unusable: CPUs per GPU)
                gpus = Math.min(gpus, r.availCpus() / job.cpusPerGpu());
            }
            out[n.host()] = gpus;
        }
        return out;
    }

    /**
     * Per host (numbered as in the cluster's index), the most CPUs Slurm {@code version}'s core filter leaves
     * {@code request} there in {@code state}, in either pass ({@link CoreFilter#select}), 0 where it refuses the
     * node. With {@code enforce-binding} these are the CPUs on the sockets of the node's GPUs: a planner that puts
     * more of a multi-node job's tasks on a node than this holds breaks the binding Slurm keeps ({@code -N2 -n4
     * -c5 --gpus-per-task=1}: Slurm asks one task per node at least, {@link #refused} accepts a node for one).
     */
    public static int[] filteredCpus(ClusterState state, JobRequest request, SlurmVersion version) {
        SlurmJobSpec job = SlurmJobSpec.of(request);
        StateUsage usage = state.usage();
        PerCpuMemory.Table memory = FreeMemory.perCpuMemory(state, request);
        int[] out = new int[usage.index().size()];
        for (SlurmNode n : SlurmNode.of(state.cluster())) {
            NodeUse use = use(usage, n, job, memory);
            if (use.freeCores().isEmpty()) {
                continue;
            }
            for (boolean firstPass : new boolean[] {true, false}) {
                CoreFilter.Result r = CoreFilter.select(n, use, job, firstPass, job.enforceBinding(), version);
                out[n.host()] = Math.max(out[n.host()], r == null ? 0 : r.availCpus());
            }
        }
        return out;
    }

    /**
     * A job that fewer idle nodes accept than its {@code -N} (one for a one-node job) is refused by {@code sbatch}
     * ("Requested node configuration is not available": the submit test runs the selection with every core and
     * GPU free; every node it uses must pass the filter), so no node may take it, not even one whose busy cores would move the filter to sockets that fit (own property
     * test: {@code -N1 -n2 -c3 --gpus-per-task=1 --gres-flags=enforce-binding} on 2x4-core nodes with 3+3 GPUs is
     * refused by 22.05's filter on an idle node, whose socket 0 GPUs suffice and keep the tasks on its 4 cores,
     * while a node with socket 0's first cores busy would spread them).
     */
    private static boolean refusedAtSubmit(org.topoplanner.model.cluster.Cluster cluster, List<SlurmNode> nodes,
                                           SlurmJobSpec job, SlurmVersion version, JobRequest request) {
        // sbatch's test reads each node's memory for jobs as free (_can_job_run_on_node with test_only)
        PerCpuMemory.Table memory = FreeMemory.perCpuMemory(ClusterState.empty(cluster), request);
        // the per-GPU figure's caps of the one-node sum (acceptedWithoutGpuTotal) come from the option and the job's
        // partition defaults, so the option is part of the verdict
        SubmitKey key = new SubmitKey(job.withName(""), version, memory == null ? 0 : memory.perCpuMiB(),
                request.memPerGpuMiB());
        SubmitVerdicts verdicts = org.topoplanner.allocator.ClusterIndex.of(cluster)
                .derived(SubmitVerdicts.class, c -> new SubmitVerdicts());
        synchronized (verdicts) {
            Boolean known = verdicts.get(key);
            if (known != null) {
                return known;
            }
        }
        Map<List<Object>, Boolean> byLayout = new HashMap<>();
        int accepting = 0;
        boolean refused = false;
        for (SlurmNode n : nodes) {
            if (job.exclude().contains(n.name())) {
                continue;
            }
            PerCpuMemory m = memory == null ? PerCpuMemory.NONE : memory.of(n);
            boolean ok = byLayout.computeIfAbsent(List.of(NodeLayout.of(n), m),
                    l -> accepts(n, NodeUse.idle(n, job).withMemory(m), job, version));
            if (!ok && job.nodelist().contains(n.name())) {
                refused = true; // a required node the job can never use
                break;
            }
            if (ok) {
                accepting++;
            }
        }
        refused |= accepting < Math.max(job.minNodes(), 1);
        if (!refused && job.hasGpus()) {
            // sbatch's test places the whole job on the idle partition, not node by node: a per-task job bound to
            // its GPUs' sockets may pass every node alone and still find no selection (PlannerBindingPropertyTest,
            // seed -17807: -n2 -c5 --gpus-per-task=2 -w n02 enforce-binding under 26.05). The test is slurm-tree's
            // own (SlurmTreePolicy#submitTestChooser): the release's bound of the nodes by the tasks (own cases
            // swless1/swless2 p38, -n1 -c3 --gpus=10 with 8 GPUs a node: 22.05.8 rejects it at submit, 24.11.5 and
            // 26.05.5 keep it waiting) and the tree where the cluster has one. The flat selection stood for the
            // tree's before, which it cannot: on fuzz21's idle cluster it finds no three nodes for p31 (-N3 -n6 -c6
            // --gpus-per-node=1 enforce-binding) in any release, so the planner's own rules refused every node, while
            // real 26.05.5 runs p31 and 22.05.8 / 24.11.5 accept it (ReqNodeNotAvail).
            SwitchTable table = org.topoplanner.allocator.replay.Leaves.slurmFabric(cluster).switches().isEmpty()
                    ? null : SwitchTable.of(cluster, version);
            NodeChooser submitTest = SlurmTreePolicy.submitTestChooser(nodes, table, version);
            refused = SlurmAllocation.attempt(ClusterState.empty(cluster), nodes, submitTest, job, version, memory)
                    == null
                    && !SlurmTreePolicy.acceptedWithoutGpuTotal(
                            FreeMemory.withGpusMemoryCannotServe(ClusterState.empty(cluster), request), nodes,
                            submitTest, job, version, memory);
        }
        synchronized (verdicts) {
            verdicts.put(key, refused);
        }
        return refused;
    }

    /**
     * The nodes an {@code --exclusive} job never gets whole: slurm-tree's own whole-node verdict
     * ({@code PassFilter.whole}), which refuses a node of more CPUs than the partition's {@code MaxCPUsPerNode}
     * ({@link PartitionCpuCap#refusesWhole}); the same on every state.
     */
    private static BitSet refusedWhole(org.topoplanner.model.cluster.Cluster cluster, SlurmJobSpec job) {
        SlurmJobSpec capped = PartitionCpuCap.applied(cluster, job);
        BitSet out = new BitSet();
        if (capped.partitionCpusPerNode() == null) {
            return out;
        }
        for (SlurmNode n : SlurmNode.of(cluster)) {
            if (PassFilter.whole(n, capped) == null) {
                out.set(n.host());
            }
        }
        return out;
    }

    /** sbatch's verdicts on one cluster (kept with its index) per request and release, for the last few asked. */
    private static final class SubmitVerdicts extends org.topoplanner.allocator.RecentlyAsked<SubmitKey, Boolean> {
        SubmitVerdicts() {
            super(512);
        }
    }

    /** A request's verdict: its shape, the release and its per-CPU memory figure (0: none), which the test reads. */
    private record SubmitKey(SlurmJobSpec job, SlurmVersion version, long perCpuMiB, Long memPerGpuMiB) {
    }

    /** The key of a cluster's Slurm nodes by host number. */
    private record NodesByHost() {
    }

    /**
     * What is free on node {@code n} for the job, with the cap its per-CPU memory figure sets on the node's CPU count
     * ({@code memory}: {@code null} for none), as Slurm's selection reads the node ({@link SlurmAllocation#attempt}).
     */
    private static NodeUse use(StateUsage usage, SlurmNode n, SlurmJobSpec job, PerCpuMemory.Table memory) {
        NodeUse use = FreeResources.use(usage, n, job);
        return memory == null ? use : use.withMemory(memory.of(n));
    }

    private static boolean accepts(SlurmNode n, NodeUse use, SlurmJobSpec job, SlurmVersion version) {
        if (use.freeCores().isEmpty() || !FreeResources.enoughGpus(n, use, job)) {
            return false;
        }
        int least = leastCpus(n, job);
        return gives(CoreFilter.select(n, use, job, true, job.enforceBinding(), version), least)
                || gives(CoreFilter.select(n, use, job, false, job.enforceBinding(), version), least);
    }

    /**
     * A node the filter leaves no CPUs for (fewer cores than one task needs) is skipped by the selection too, and
     * so is one that leaves fewer than the node must hold: the filter lowers the task count until the tasks' cores
     * fit on the GPUs' sockets ({@code gres_select_filter_sock_core}), so a one-node {@code -n2 -c5
     * --gpus-per-task=1} bound to a socket of 8 cores comes back with one task, and the job then never fits.
     */
    private static boolean gives(CoreFilter.Result r, int least) {
        return r != null && r.availCpus() > 0 && r.availCpus() >= least;
    }

    /**
     * The CPUs the job's tasks need on every node it uses at least ({@code _select_cores}' minimum tasks per node
     * times {@code -c}: all of {@code -n} for a job on one node, {@code --ntasks-per-node} when given, else one
     * task), and with {@code --cpus-per-gpu} the CPUs of the node's {@code --gpus-per-node}.
     */
    private static int leastCpus(SlurmNode n, SlurmJobSpec job) {
        int tasks = CoreFilter.taskLimits(n, job)[0];
        int cpus = tasks * job.cpusPerTask();
        if (job.cpusPerGpu() != null && job.gpusPerNode() != null) {
            cpus = Math.max(cpus, job.cpusPerGpu() * job.gpusPerNode());
        }
        return cpus;
    }
}
