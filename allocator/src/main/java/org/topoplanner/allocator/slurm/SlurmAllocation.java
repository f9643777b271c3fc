package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.StateUsage;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * One scheduling attempt for a job on a cluster state: which nodes can host it, the tree choice,
 * then cores and GPUs on each chosen node. Slurm tries "first pass" (only co-located GPUs and
 * cores) and, when that fails, once more without that restriction.
 */
final class SlurmAllocation {
    private final List<SlurmNode> chosen = new ArrayList<>();
    private final List<BitSet> cores = new ArrayList<>();
    private final List<BitSet> gpus = new ArrayList<>();
    /**
     * Per chosen node, the CPUs {@code dist_tasks} counted for the job ({@code job_res->cpus[n]}) where that is not
     * the whole cores laid out: under {@code CR_CPU} ({@link BlockCoreSync}) a job that is not {@code --exclusive};
     * {@code null} elsewhere ({@code CR_Core}'s {@code _block_sync_core_bitmap} / {@code _cyclic_sync_core_bitmap}
     * set it to {@code core_cnt * tpc}, the CPUs shown).
     */
    private final List<Integer> counted = new ArrayList<>();
    /**
     * 26.05: a chosen node's GPUs fell short of its tasks' ({@code --gpus-per-task}) or its per-node count: there
     * {@code _set_task_bits} / {@code _set_node_bits} ({@code cons_tres/gres_select_filter.c}) return
     * {@code ESLURM_INVALID_GRES} and the job does not start; 24.11.5's same functions only log the shortage and run
     * the job on the GPUs they found. Only the run's pick sees it: sbatch's test ({@code SELECT_MODE_TEST_ONLY})
     * returns before the task layout and the GPU pick, so the job is accepted and waits ({@link #gresBitsShort()}).
     */
    private boolean gresBitsShort;
    /**
     * A chosen node's cores count fewer tasks than the task layout gave it ({@code _build_tasks_per_node_sock},
     * {@code cons_tres/gres_select_filter.c}: "rem_tasks not zero", {@code ESLURM_INVALID_GRES}): the job does not
     * start in this pass and waits with {@code Resources}. sbatch's test returns before the task layout, so it is
     * accepted. Only 24.11's count falls short, where a job's {@code --threads-per-core} (or
     * {@code --hint=nomultithread}) is below the node's threads ({@link SocketTasks#tasksPerSocket}).
     */
    private boolean tasksShort;
    /**
     * The task layout placed fewer tasks than the job's {@code -n} on the CPUs the selection gave its nodes
     * ({@code _dist_tasks_compute_c_b}, {@code cons_tres/dist_tasks.c} 24.11.5 and 26.05.5: no node has room for a
     * further task, {@code ESLURM_BAD_TASK_COUNT}): the job does not start in this pass and waits with
     * {@code Resources}. 22.05's {@code cons_common} layout over-subscribes instead
     * ({@link TaskDistribution#layout2205}).
     */
    private boolean taskCountShort;
    /**
     * {@code job_fini} of {@code gres_select_filter_select_and_set} ended at 0: the job's {@code --gpus=N} is not met
     * ({@code "failed to satisfy gres-per-job counter"}, {@code ESLURM_NODE_NOT_AVAIL}) and it does not start in this
     * pass ({@link PerJobGpuFini}).
     */
    private boolean perJobShort;

    /**
     * What {@code _allocate_sc} offers of a node's {@code cpus} free CPUs before a per-CPU memory figure lowers it:
     * 24.11/26.05 offer a job without GRES whole tasks only ({@link AllocateScOffer}), capped at
     * {@code --ntasks-per-node} for a job that shares the node and at {@code --ntasks-per-socket} per socket, so the
     * memory's steps by a core's threads start from that count (own probe c12f1 b, {@code -N1 -n3 -c3
     * --mem-per-cpu=2500}: c1's 15 step down to 9, three tasks; from 16 they reach 6). Without a per-CPU figure the count stays the free CPUs, which other steps read.
     */
    private static int offered(SlurmNode node, BitSet freeCores, int cpus, PerCpuMemory memory, SlurmJobSpec job,
                               SlurmVersion version) {
        if (memory.perCpuMiB() == 0) {
            return cpus;
        }
        return (int) Math.min(cpus, AllocateScOffer.of(node, freeCores, AllocateScOffer.TaskShape.of(job), version));
    }

    static SlurmAllocation attempt(ClusterState state, List<SlurmNode> nodes, NodeChooser chooser, SlurmJobSpec job,
                                   SlurmVersion version) {
        return attempt(state, nodes, chooser, job, version, null);
    }

    /**
     * {@link #attempt(ClusterState, List, NodeChooser, SlurmJobSpec, SlurmVersion)} for a job whose per-CPU memory
     * figure caps each node's CPU count ({@code memory}, from {@link FreeMemory#perCpuMemory} on the same state;
     * {@code null}: none). The nodes are then walked here: the state's verdict table is shared by jobs of one shape
     * and knows no memory, and idle nodes of one layout may differ in their memory.
     */
    static SlurmAllocation attempt(ClusterState state, List<SlurmNode> nodes, NodeChooser chooser, SlurmJobSpec asked,
                                   SlurmVersion version, PerCpuMemory.Table memory) {
        // the partition's MaxCPUsPerNode caps each node's CPUs in the core filter (PartitionCpuCap)
        // and its MaxNodes bounds the pick's max_nodes (PartitionMaxNodes)
        SlurmJobSpec job = PartitionMaxNodes.applied(state.cluster(), PartitionCpuCap.applied(state, asked, version));
        NodeVerdicts table = memory == null ? NodeVerdicts.of(state, nodes, job, version) : null;
        // CR_CPU lays a node's CPUs out by best-fitting sockets, not cyclically (BlockCoreSync)
        boolean blockSync = BlockCoreSync.applies(state.cluster());
        // the GPUs a memory stand-in holds: a node without GPU topology still counts them free (GpuPicker)
        BitSet[] memoryHeld = job.gpusPerJob() == null ? null : FreeMemory.gpusHeldForMemory(state, nodes);
        if (table != null) {
            // the state's verdicts for this job shape, carried from the state before: no node walked per question
            FirstPassAvailCpus carried = FirstPassAvailCpus.forSelection(job, version);
            NodeUse[] tableUses = table.uses();
            // the table holds every node's verdict; -x (and the partition's outside nodes) leave the map here
            BitSet excluded = ExcludedNodeMap.of(state.cluster(), nodes, job.exclude());
            BitSet fit = table.fit();
            fit.andNot(excluded);
            return choose(nodes, chooser, job, version, blockSync, memoryHeld, tableUses, fit, new BitSet(),
                    table.freeCpus(), table.weights(), carried,
                    firstPass -> carried == null || firstPass ? offMap(table.results(firstPass), excluded)
                            : carried.refiltered(offMap(table.results(false), excluded), (i, cpus) ->
                                    CoreFilter.select(nodes.get(i), tableUses[i], job, false, job.enforceBinding(),
                                            version, 0, 0, cpus)));
        }
        NodeUse[] uses = new NodeUse[nodes.size()];
        BitSet nodeMap = new BitSet();
        BitSet required = new BitSet();
        StateUsage usage = state.usage();
        Map<NodeLayout, NodeUse> idleUse = new HashMap<>();
        Set<String> nodelist = new HashSet<>(job.nodelist());
        BitSet exclude = ExcludedNodeMap.of(state.cluster(), nodes, job.exclude());
        int[] freeCpus = new int[nodes.size()];
        long[] weights = new long[nodes.size()];
        BusyNodes busy = BusyNodes.of(state, nodes, job);
        NodeLayout lastIdle = null;
        NodeUse lastIdleUse = null;
        // what the last node of a run of idle nodes of one layout gave: the next one of the run gives the same
        // free cores, near-GPU byte of its weight and fit (all functions of the use and the layout)
        boolean repeat;
        int runCores = 0;
        long runNear = 0;
        boolean runFit = false;
        for (SlurmNode n : nodes) {
            NodeUse u;
            repeat = false;
            if (usage.idle(n.host()) && memory == null) {
                // runs of idle nodes share a layout: look the map up only when it changes
                NodeLayout l = NodeLayout.of(n);
                if (!l.equals(lastIdle)) {
                    lastIdleUse = idleUse.computeIfAbsent(l, g -> FreeResources.use(usage, n, job));
                    lastIdle = l;
                } else {
                    repeat = true;
                }
                u = lastIdleUse;
            } else {
                u = usage.heldWhole(n.host()) ? FreeResources.HELD
                        : busy != null && !usage.idle(n.host()) ? busy.use(n) : FreeResources.use(usage, n, job);
                if (memory != null && !usage.heldWhole(n.host())) {
                    u = u.withMemory(memory.of(n));
                }
                lastIdle = null;
            }
            uses[n.index()] = u;
            if (!repeat) {
                runCores = u.freeCores().cardinality();
                runNear = SchedWeight.of(n, u, job, version) & 0xff;
                runFit = FreeResources.basicFit(n, u, job, Set.of());
            }
            // avail_res->avail_cpus as _can_job_run_on_node leaves it: a per-CPU memory figure lowers it
            int offered = offered(n, u.freeCores(), runCores * n.threadsPerCore(), u.memory(), job, version);
            freeCpus[n.index()] = u.memory().lower(offered, job.cpusPerTask(), job.ntasksPerNode());
            weights[n.index()] = (n.weight() << 8) | runNear;
            // most jobs name no nodes: skip hashing every node's name then
            if (!nodelist.isEmpty() && nodelist.contains(n.name())) {
                required.set(n.index());
            }
            if (runFit && !exclude.get(n.index())) {
                nodeMap.set(n.index());
            }
        }
        FirstPassAvailCpus carried = FirstPassAvailCpus.forSelection(job, version);
        return choose(nodes, chooser, job, version, blockSync, memoryHeld, uses, nodeMap, required, freeCpus, weights,
                carried,
                firstPass -> PassFilter.filtered(usage, nodes, job, version, uses, nodeMap, required, firstPass,
                        carried));
    }

    /** The verdicts with none for the {@code excluded} nodes, off the map as the walk leaves them ({@code null}). */
    private static CoreFilter.Result[] offMap(CoreFilter.Result[] results, BitSet excluded) {
        if (excluded.isEmpty()) {
            return results;
        }
        CoreFilter.Result[] out = results.clone();
        for (int i = excluded.nextSetBit(0); i >= 0 && i < out.length; i = excluded.nextSetBit(i + 1)) {
            out[i] = null;
        }
        return out;
    }

    /**
     * Slurm's two passes (co-located GPUs and cores first, then without that restriction): the topology step on
     * what each node offers, then cores and GPUs on the chosen nodes.
     */
    private static SlurmAllocation choose(List<SlurmNode> nodes, NodeChooser chooser, SlurmJobSpec job,
                                          SlurmVersion version, boolean blockSync, BitSet[] memoryHeld,
                                          NodeUse[] uses, BitSet nodeMap,
                                          BitSet required, int[] freeCpus, long[] weights, FirstPassAvailCpus carried,
                                          Function<Boolean, CoreFilter.Result[]> filter) {
        // 22.05's first pass lowers a --cpus-per-gpu node's GPU total for the whole attempt
        FirstPassGpuTotal firstPassGpus = FirstPassGpuTotal.forAttempt(job, version, nodes.size());
        for (boolean firstPass : new boolean[] {true, false}) {
            PassDemand demand = new PassDemand(job, version, firstPass, nodes, uses, freeCpus, weights, required,
                    carried, firstPassGpus, new PassView(filter.apply(firstPass)));
            NodePick sel = chooser.select(nodeMap, required, job, demand, JobCpuCounts.minCpus(job, version));
            if (sel == null) {
                continue;
            }
            SlurmAllocation a = build(sel, nodes, uses, memoryHeld, demand.view().results(), demand, job, version,
                    blockSync);
            if (a != null && a.perJobShort && !job.exclusive()) {
                // the selection succeeded, so there is no second pass: the GPUs are picked on the chosen nodes
                // (gres_select_filter_select_and_set) and a count left unmet fails the job for this pass of the
                // scheduler. Mostly 26.05's one-node test chooses such a node (FirstFitOneNode): own case fuzz01 f4
                // (-N1 --gpus=4 enforce-binding) waits with Resources in 26.05.5 after s2 and s3 gave 2 + 2. A node
                // without GPU topology ends that check instead (PerJobGpuFini): own probe c26k1 x1, y2
                return null;
            }
            if (a != null) {
                return a;
            }
        }
        return null;
    }

    /** Whether a chosen node's cores count fewer tasks than it was given ({@code tasksShort}). */
    boolean tasksShort() {
        return tasksShort;
    }

    /** Whether the task layout fell short of the job's {@code -n} ({@code taskCountShort}). */
    boolean taskCountShort() {
        return taskCountShort;
    }

    /** Whether 26.05's GPU pick on a chosen node fell short of its tasks' or per-node count ({@code gresBitsShort}). */
    boolean gresBitsShort() {
        return gresBitsShort;
    }

    /**
     * Whether a GPU job's layout leaves a chosen node without cores. cons_tres picks the GPUs after the task
     * layout ({@code _job_test}: {@code dist_tasks}, then {@code gres_select_filter_select_and_set}); a job with a
     * per-node or per-job GPU count (a per-task count is one too, {@code gres_job_state_validate}) needs the cores
     * of each node first ({@code _select_and_set_node} -> {@code _set_used_cnts}: "No allocated cores found",
     * {@code SLURM_ERROR}), so a node the layout gave no task fails the whole job. {@code dist_tasks} gives
     * nodes one task each only while tasks are left ({@code _dist_tasks_compute_c_b}), so a selection with more
     * nodes than tasks has one. Probe of own case cpumix2 up to m29 on 24.11.5 ({@code -n1 -c2 --gpus=4}): the
     * tree chose a3 + a4 and slurmctld logged that error for a4 on every pass; the job stays PENDING (Resources).
     * The submit test ({@code SELECT_MODE_TEST_ONLY}) returns before the layout and does not see it.
     */
    boolean gpuNodeWithoutCores(SlurmJobSpec job) {
        if (!job.hasGpus() || job.exclusive()) {
            return false;
        }
        Integer perNode = job.gpusPerNode();
        Integer total = job.gpuTotal();
        if ((perNode == null || perNode <= 0) && (total == null || total <= 0)) {
            return false;
        }
        return cores.stream().anyMatch(BitSet::isEmpty);
    }

    /** The free GPUs of a chosen node that the job may take (its core filter may have given up a socket). */
    static BitSet usableGpus(CoreFilter.Result[] results, NodeUse[] uses, SlurmNode n) {
        CoreFilter.Result r = results[n.index()];
        return r == null ? uses[n.index()].freeGpus() : r.gpus(uses[n.index()]);
    }

    private static SlurmAllocation build(NodePick sel, List<SlurmNode> nodes, NodeUse[] uses, BitSet[] memoryHeld,
                                         CoreFilter.Result[] results, NodeChooser.Demand demand, SlurmJobSpec job,
                                         SlurmVersion version, boolean blockSync) {
        SlurmAllocation a = new SlurmAllocation();
        List<Integer> idx = sel.nodes().stream().boxed().toList();
        Integer plane = job.distribution() == null ? null : job.distribution().planeSize();
        // -m plane=N deals the tasks in planes (PlaneTasks; its shapes beside GPUs are refused before, PlaneRefusal)
        int[][] layout22 = plane != null && job.ntasks() != null
                ? PlaneTasks.deal(idx, results, sel, job.ntasks(), job.cpusPerTask(), plane,
                        version == SlurmVersion.V22_05)
                : version == SlurmVersion.V22_05 && job.ntasksPerNode() == null
                ? TaskDistribution.layout2205(idx, nodes, results, sel, job) : null;
        int[] tasks = layout22 != null && job.ntasks() != null ? layout22[0]
                : TaskDistribution.distributeTasks(idx, nodes, results, sel, job,
                        version.atLeast(SlurmVersion.V24_11) && job.hasGpus() && job.gpusPerTask() == null);
        // the dealt-out CPUs are job_res->cpus in every release: _compute_plane_dist rebuilds cpus[n] task by task,
        // each task adding up to -c CPUs only while below the selection's count (avail_cpus), in 24.11 and 26.05
        // as in 22.05, so a node's last task may get fewer than -c (lead case featfz3 f11, -N3 -n12 -c4 plane=3:
        // a2 gets 15 CPUs for 4 tasks in all three releases)
        int[] cpus22 = layout22 == null ? null : layout22[1];
        // 24.11 and 26.05 fail a job whose nodes' CPUs hold fewer whole tasks than its -n: _cpus_to_use cuts
        // the CPUs, not the tasks, so a node may give an odd count to a -c2 job (own probe c9a1, fuzz74 p12: -n5
        // --ntasks-per-socket=2 -c2 gets 5 CPUs on c2 and 5 on a1, two tasks each, ESLURM_BAD_TASK_COUNT). A GPU
        // job's soft task limit was dropped first (distributeTasks); a --gpus-per-task limit is hard.
        // A job without -n lays out job_res->ncpus over -c instead (NcpusTaskCount)
        a.taskCountShort = (layout22 == null || plane != null) && job.ntasks() != null && job.ntasksPerNode() == null
                && !job.exclusive() && Arrays.stream(tasks).sum() < job.ntasks()
                || NcpusTaskCount.tooFew(idx, sel, results, job, version);
        // -m block:block, cyclic:block and plane lay the CPUs socket by socket, as CR_CPU does for every job
        // (dist_tasks' switch on task_dist & SLURM_DIST_NODESOCKMASK, 22.05 to 26.05; BlockCoreSync)
        boolean blockCores = blockSync || job.distribution() != null && job.distribution().blockCores();
        for (int k = 0; k < idx.size(); k++) {
            int i = idx.get(k);
            SlurmNode n = nodes.get(i);
            BitSet c;
            Integer count = null;
            if (job.exclusive()) {
                c = PassFilter.whole(n).availCores();
            } else {
                int cpus = NodeCpuCount.of(n, i, k, tasks, cpus22, sel, results, job, version);
                c = blockCores ? BlockCoreSync.block(n, results[i].availCores(), cpus)
                        : CoreDistributor.cyclic(n, results[i].availCores(), cpus, job.cpusPerTask(),
                                job.ntasksPerSocket());
                if (c == null) {
                    return null;
                }
                // CR_CPU keeps the count below the cores' threads (no alloc_cores in the sync): the memory a
                // per-CPU figure charges there (_job_test's memory_allocated loop, job_resources_get_node_cpu_cnt)
                count = blockSync ? cpus : null;
            }
            a.chosen.add(n);
            a.cores.add(c);
            a.counted.add(count);
        }
        // 22.05 -O --gpus-per-task: every task's GPUs on the one task's core (OvercommitSocketTasks)
        int[][] socketTasks22 = OvercommitSocketTasks.of(a.chosen, a.cores, tasks, job, version);
        for (int k = 0; k < a.chosen.size(); k++) {
            SlurmNode n = a.chosen.get(k);
            BitSet used = (BitSet) usableGpus(results, uses, n).clone();
            used.flip(0, n.gpus().size());
            GpuPicker picker = new GpuPicker(n, used, version);
            BitSet g;
            if (job.exclusive()) {
                g = new BitSet();
                g.set(0, n.gpus().size());
                if (job.gpusPerSocket() != null && version.atLeast(SlurmVersion.V26_05)) {
                    // _set_sock_bits still picks the per-socket GPUs for every socket the whole node's cores use
                    // (a socket without GPUs keeps counting), and 26.05 fails the job on a shortfall before the
                    // node's every GPU is given; own probe c20e1 e3 (-N3 --sockets-per-node=1 --gpus-per-socket=2
                    // --exclusive, c1's GPUs on socket 0 only): Resources on the idle cluster in 26.05.5 only
                    a.gresBitsShort |= SocketGpuPick.pick(n, usableGpus(results, uses, n), a.cores.get(k),
                            job.gpusPerSocket(), job.socketsPerNode(), job.enforceBinding(), version).shortfall() > 0;
                }
            } else if (job.gpusPerNode() != null) {
                g = picker.perNode(a.cores.get(k), job.gpusPerNode(), job.enforceBinding());
                a.gresBitsShort |= version.atLeast(SlurmVersion.V26_05) && g.cardinality() < job.gpusPerNode();
            } else if (job.gpusPerSocket() != null) {
                SocketGpuPick.Pick pick = SocketGpuPick.pick(n, usableGpus(results, uses, n), a.cores.get(k),
                        job.gpusPerSocket(), job.socketsPerNode(), job.enforceBinding(), version);
                g = pick.gpus();
                // 26.05's _set_sock_bits returns ESLURM_INVALID_GRES on a shortfall; 24.11 only logs it
                a.gresBitsShort |= version.atLeast(SlurmVersion.V26_05) && pick.shortfall() > 0;
            } else if (job.gpusPerTask() != null) {
                int[] perSocket = socketTasks22 != null ? socketTasks22[k]
                        : SocketTasks.tasksPerSocket(n, a.cores.get(k), tasks[k], job, version);
                // 22.05's _set_task_bits wants the GPUs of the tasks the sockets counted (total_tasks), not the
                // node's task count: fuzz107 p14 (-n4 --ntasks-per-socket=1 -c1 --gpus-per-task=1) counts 1 + 2
                // tasks on f1's cores 0 and 16 and gets GPUs 0, 2, 3 in 22.05.8
                int onNode = socketTasks22 != null || version == SlurmVersion.V22_05
                        ? Arrays.stream(perSocket).sum() : tasks[k];
                // rem_tasks of _build_tasks_per_node_sock (24.11 and 26.05): a node whose cores count fewer tasks
                // than it was given fails the GPU pick with ESLURM_INVALID_GRES; 22.05 only logs it
                a.tasksShort |= socketTasks22 == null
                        && SocketTasks.countsShort(n, a.cores.get(k), tasks[k], job, version);
                g = picker.perTask(perSocket, onNode, job.gpusPerTask(), job.enforceBinding());
                // with enforce-binding each socket gives only its own tasks' GPUs: own probe yamlfz24p (-n3 -c1
                // --gpus-per-task=1 on p2, cores 0, 16, 17 and one GPU on socket 1) waits in 26.05.5
                a.gresBitsShort |= version.atLeast(SlurmVersion.V26_05)
                        && g.cardinality() < tasks[k] * job.gpusPerTask();
            } else {
                g = new BitSet();
            }
            a.gpus.add(g);
        }
        if (job.gpusPerJob() != null && !job.exclusive()) {
            a.perJobShort = PerJobGpuPick.pick(a.chosen, a.cores, a.gpus, sel, demand, nodes, uses, memoryHeld, results,
                    job, version);
        }
        return a;
    }

    /**
     * The placement with its hosts in Slurm's node table order ({@link org.topoplanner.model.hostlist.NaturalOrder}),
     * the order {@code scontrol show job -d} prints the per-node lines in (own case nameorder o2c: gpu-b1's line before
     * gpu1's, while the NodeList reads {@code gpu1,gpu-b1}). Under {@code CR_CPU} each host carries the CPUs Slurm
     * counts there, which may be fewer than its whole cores ({@link HostAllocation#countedCpus}): slurmctld keeps
     * {@code job_res->cpus} and {@code memory_allocated} with the running job and frees exactly them
     * ({@code job_res_rm_job}), so {@code FreeMemory.heldBy} charges a per-CPU memory figure on that count, not on
     * one read back from the cores.
     */
    Placement placement(String job) {
        List<HostAllocation> hosts = new ArrayList<>();
        for (int k = 0; k < chosen.size(); k++) {
            SlurmNode n = chosen.get(k);
            SlurmCpuIds ids = new SlurmCpuIds(n.sockets(), n.coresPerSocket(), n.threadsPerCore());
            CpuSet cpus = ids.cpusOfCores(cores.get(k).stream().boxed().toList());
            HostAllocation h = HostAllocation.of(n.name(), gpus.get(k).stream().boxed().toList(), cpus);
            hosts.add(counted.get(k) == null ? h : h.withCountedCpus(counted.get(k)));
        }
        return new Placement(job, hosts);
    }
}
