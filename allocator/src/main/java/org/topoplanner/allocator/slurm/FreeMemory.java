package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.HeldMemory;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Memory as a consumable resource at run time ({@code SelectTypeParameters=CR_*_Memory}): what a started job holds
 * on each node, and what the memory the running jobs hold leaves a new job. {@link NodeMemory} is the submit side
 * (every node idle); these are the same tests on the node's free memory, {@code RealMemory} less the running jobs'
 * {@code alloc_memory}. Read in cons_tres {@code job_test.c} ({@code _verify_node_state},
 * {@code _can_job_run_on_node}, {@code _job_test}'s {@code memory_allocated} loop) and
 * {@code gres_select_util.c} ({@code gres_select_util_job_mem_set}) of 22.05 ({@code cons_common}), 24.11 and
 * 26.05: the same rules in all three. Nothing is done (and nothing walked) where memory is not consumable.
 */
public final class FreeMemory {
    /** The name of the stand-in job {@link #withGpusMemoryCannotServe} adds (a second one gets a number after it). */
    private static final String STAND_IN = " memory the job cannot use";

    private FreeMemory() {
    }

    /**
     * The memory a job placed at {@code p} holds on each node ({@code memory_allocated}): {@code --mem} per node;
     * {@code --mem-per-cpu} (or {@code DefMemPerCPU}) times the CPUs it got there; {@code --mem-per-gpu} (or
     * {@code DefMemPerGPU}, without {@code --mem}) times its GPUs there; the node's whole memory for
     * {@code --mem=0} or no option and no default. {@link HeldMemory#NONE} where memory is not consumable.
     */
    public static HeldMemory heldBy(Cluster cluster, JobRequest request, Placement p) {
        NodeMemory table = NodeMemory.of(cluster);
        if (!table.consumable()) {
            return HeldMemory.NONE;
        }
        request = MaxMemPer.adjusted(cluster, request);
        JobMemory m = JobMemory.of(request, table.defaults(request));
        Map<String, Long> out = new HashMap<>();
        int[] dealt = m instanceof JobMemory.PerCpu ? tasksDealt(cluster, table, request, p) : null;
        for (int k = 0; k < p.hosts().size(); k++) {
            HostAllocation a = p.hosts().get(k);
            long mib;
            if (m instanceof JobMemory.PerNode n) {
                mib = n.mib();
            } else if (m instanceof JobMemory.PerCpu c) {
                SlurmNode node = nodesByName(cluster).get(a.host());
                mib = c.mib() * cpusCharged(table, request, p, a, node == null ? 1 : node.threadsPerCore(),
                        dealt == null ? null : dealt[k]);
            } else if (m instanceof JobMemory.PerGpu g) {
                mib = g.mib() * a.gpus().size();
            } else {
                Long real = table.memoryForJobs(a.host());
                mib = real == null ? 0 : real;
            }
            if (mib > 0) {
                out.merge(a.host(), mib, Long::sum);
            }
        }
        return out.isEmpty() ? HeldMemory.NONE : new HeldMemory(out);
    }

    /**
     * Whether a job's CPU count on a node is its tasks' CPUs rather than its whole cores' threads: {@code CR_CPU} (or
     * {@code CR_CPU_Memory}), where {@code dist_tasks} syncs the cores by {@code _block_sync_core_bitmap} and sets no
     * {@code core_cnt * tpc} (22.05, 24.11 and 26.05 {@code cons_tres/dist_tasks.c}). There a placement carries its
     * count ({@link HostAllocation#countedCpus}) for the memory a per-CPU figure charges ({@link #heldBy}); under
     * {@code CR_Core} the count is the CPUs shown.
     */
    public static boolean countsTasksCpus(Cluster cluster) {
        return BlockCoreSync.applies(cluster);
    }

    /**
     * The CPUs a per-CPU figure is charged for on one node ({@code job_resources_get_node_cpu_cnt}). Under
     * {@code CR_Core} the job is given whole cores and its CPU count is every thread of them; under
     * {@code CR_CPU} it is the CPUs its tasks asked there, though the CPU ids shown are whole cores (own case mem2b:
     * {@code -n3 --mem-per-cpu=2500} on a two-thread node shows CPUs 0-3 and holds 7,500 MB). A job spread over
     * several nodes without {@code --ntasks-per-node} has the tasks {@code dealt} there that its shown cores hold
     * ({@link TasksFromCores}, own probe c11h1 j1: {@code -n4 -c3} is 3 tasks on a1 and 1 on a2, 3,000 MB there),
     * or, where no split fits the cores ({@code dealt} null), its tasks dealt over the nodes in turn; either way
     * every core shown holds at least one of its CPUs. A placement {@code slurm-tree} made carries the count itself
     * ({@link HostAllocation#countedCpus}), and then that is charged: the read-back cannot tell a node's tasks when
     * a task has fewer CPUs than a core's threads.
     */
    private static long cpusCharged(NodeMemory table, JobRequest r, Placement p, HostAllocation a, int threads,
                                    Integer dealt) {
        long given = a.cpus().size();
        Integer t = r.threadsPerCore();
        if (!table.perCpuUnit() && t != null && t < threads) {
            // --threads-per-core=t (or --hint=nomultithread, t = 1): dist_tasks' _set_task_dist multiplies the
            // job's CPUs by the node's threads "for accounting", and job_resources_get_node_cpu_cnt takes them back
            // to t a core for the memory (22.05/24.11 divide, 26.05 rounds up: the same on whole cores)
            return (given + threads - 1) / threads * t;
        }
        if (!table.perCpuUnit() || r.exclusive()) {
            return given;
        }
        if (a.countedCpus() != null && t == null) {
            // the count the selection gave the node (job_res->cpus[n]), carried by a placement slurm-tree made:
            // exact where the cores cannot say it (a task of fewer CPUs than a core's threads: 26.05's -n7 on
            // mem2b's t1 and t2 shows 4 CPUs on each and counts 3 + 4, t1's memory capping its avail_cpus). A job
            // with --threads-per-core reaches the selection scaled to the node's threads (ThreadsPerCore), so its
            // count is not Slurm's: it is read from the cores as before
            return a.countedCpus();
        }
        // no count carried (a placement read from a file, moved by hand, or made by the planner's own search):
        // read back from the cores it shows
        int cpt = r.cpusPerTask() != null ? r.cpusPerTask() : 1;
        long asked;
        if (r.cpusPerGpu() != null && !a.gpus().isEmpty()) {
            asked = (long) r.cpusPerGpu() * a.gpus().size();
        } else if (r.ntasksPerNode() != null) {
            asked = (long) r.ntasksPerNode() * cpt;
        } else if (dealt != null) {
            asked = (long) dealt * cpt;
        } else {
            int hosts = p.hosts().size();
            int tasks = r.ntasks() != null ? r.ntasks() : hosts;
            int at = p.hosts().indexOf(a);
            asked = (long) (tasks / hosts + (at < tasks % hosts ? 1 : 0)) * cpt;
        }
        return Math.max(Math.min(given, asked), given - threads + 1);
    }

    /**
     * The first node of {@code p} where a job with a per-CPU memory figure would hold more than the running jobs of
     * {@code state} leave, or {@code null} when none does (or memory is not consumable, or the figure is not per
     * CPU). {@code _job_test}'s {@code memory_allocated} loop (22.05.8 {@code cons_common/job_test.c}, 24.11.5 and
     * 26.05 {@code cons_tres/job_test.c}, after {@code dist_tasks}, only when the job is started,
     * {@code SELECT_MODE_RUN_NOW}): {@code needed_mem = job_resources_get_node_cpu_cnt(...) * mem_per_cpu}, and a
     * node where that passes {@code avail_mem} less its {@code alloc_memory} fails the job for this pass ("would
     * overallocate node ... memory", {@code SLURM_ERROR}: it waits, {@code Resources}). The selection's cap
     * ({@link PerCpuMemory}) does not prevent it under {@code CR_Core}: it steps a node's count down by a core's
     * threads from an odd count of whole tasks (24.11/26.05's {@code _allocate_sc}: 15 of 16 CPUs for {@code -c3}),
     * so it keeps an odd count, and {@code _block_sync_core_bitmap} then gives the tasks whole cores
     * ({@code job_res->cpus[n] = core_cnt * tpc}), one CPU more than the cap paid for (property seed -3380: mem2c's
     * c1, 24,000 MB, caps {@code -n4 -c3 --mem-per-cpu=2500} at 9 CPUs, the three tasks hold five cores, 25,000 MB).
     */
    public static String overallocatedNode(ClusterState state, JobRequest request, Placement p) {
        NodeMemory table = NodeMemory.of(state.cluster());
        if (!table.consumable()) {
            return null;
        }
        JobRequest adjusted = MaxMemPer.adjusted(state.cluster(), request);
        if (!(JobMemory.of(adjusted, table.defaults(adjusted)) instanceof JobMemory.PerCpu)) {
            return null;
        }
        HeldMemory needs = heldBy(state.cluster(), request, p);
        Map<String, Long> used = state.running().isEmpty() ? Map.of() : held(state);
        for (HostAllocation a : p.hosts()) {
            Long real = table.memoryForJobs(a.host());
            if (real != null && needs.on(a.host()) > real - used.getOrDefault(a.host(), 0L)) {
                return a.host();
            }
        }
        return null;
    }

    /**
     * The tasks {@code dist_tasks} gave a {@code CR_CPU} job on each node of {@code p} ({@link TasksFromCores}), or
     * {@code null} where its CPU count is not its tasks' (memory per core, {@code --exclusive},
     * {@code --ntasks-per-node}, {@code --cpus-per-gpu}; {@code --threads-per-core}, not measured under
     * {@code CR_CPU}) or no split fits its cores.
     */
    private static int[] tasksDealt(Cluster cluster, NodeMemory table, JobRequest r, Placement p) {
        if (!table.perCpuUnit() || r.exclusive() || r.ntasksPerNode() != null || r.cpusPerGpu() != null
                || r.threadsPerCore() != null) {
            return null;
        }
        int hosts = p.hosts().size();
        int[] shown = new int[hosts];
        int[] threads = new int[hosts];
        for (int k = 0; k < hosts; k++) {
            SlurmNode node = nodesByName(cluster).get(p.hosts().get(k).host());
            shown[k] = p.hosts().get(k).cpus().size();
            threads[k] = node == null ? 1 : node.threadsPerCore();
        }
        int cpt = r.cpusPerTask() != null ? r.cpusPerTask() : 1;
        return TasksFromCores.split(shown, threads, r.ntasks() != null ? r.ntasks() : hosts, cpt);
    }

    /** Memory the running jobs hold per host (hosts holding none left out): summed once per state. */
    private static Map<String, Long> held(ClusterState state) {
        return state.derived(FreeMemory.class, s -> {
            Map<String, Long> used = new HashMap<>();
            for (String job : s.running().keySet()) {
                s.heldMemory(job).perHostMiB().forEach((h, mib) -> used.merge(h, mib, Long::sum));
            }
            return Map.copyOf(used);
        });
    }

    /**
     * The nodes that cannot take the job now for want of free memory ({@code _verify_node_state}: free below
     * the per-node figure, below the per-CPU figure times {@code max(ntasks_per_node, pn_min_cpus,
     * cpus_per_task)}, below one GPU's {@code --mem-per-gpu}, or any memory held where the job asks for all of it;
     * {@code _can_job_run_on_node}: fewer GPUs or CPUs than one node must give once memory bounds them). They wait
     * for memory ({@code Resources}) and are usable again when those jobs end. Walks the hosts holding memory, only
     * where memory is consumable.
     */
    public static Set<String> shortOfFreeMemory(ClusterState state, JobRequest request) {
        return shortOfFreeMemory(state, request, SlurmVersion.V22_05);
    }

    /**
     * {@link #shortOfFreeMemory(ClusterState, JobRequest)} as {@code version}'s pass tests a busy node: its
     * {@code _can_job_run_on_node} lowers {@code avail_res->avail_cpus} as {@code _allocate_sc} left it. 22.05.8
     * ({@code cons_common/cons_common.c}) leaves every free CPU there; 24.11.5 and 26.05 ({@code cons_tres/job_test.c},
     * "if (!job_ptr->gres_list_req)") cut a job without GRES to whole tasks of its free CPUs first
     * ({@link AllocateScOffer}), so on two-thread cores with an odd {@code -c} the cap steps down from an odd count and
     * can keep one task more: 5 free cores of mem2c's c1 with 8,000 MB for {@code -c3 --mem-per-cpu=2500} give 10 -> 2,
     * no task, in 22.05 and 9 -> 3, one task, in 24.11/26.05 (then {@link #overallocatedNode} fails the job on the
     * node's two cores).
     */
    public static Set<String> shortOfFreeMemory(ClusterState state, JobRequest request, SlurmVersion version) {
        NodeMemory table = NodeMemory.of(state.cluster());
        if (!table.consumable() || state.running().isEmpty()) {
            return Set.of();
        }
        request = MaxMemPer.adjusted(state.cluster(), request);
        JobMemory.Defaults defaults = table.defaults(request);
        JobMemory m = JobMemory.of(request, defaults);
        Long perGpu = JobMemory.perGpu(request, defaults);
        Map<String, SlurmNode> nodes = nodesByName(state.cluster());
        Set<String> out = new HashSet<>();
        for (Map.Entry<String, Long> e : held(state).entrySet()) {
            Long real = table.memoryForJobs(e.getKey());
            SlurmNode node = nodes.get(e.getKey());
            if (real == null || node == null) {
                continue;
            }
            // _verify_node_state's free_mem, 0 where the jobs hold the node's memory or more: 26.05's one-node pick
            // can hold more (a GPU total whose sum ends on a node its memory serves one GPU of, OneNodeSumGpus).
            // The next job is kept off such a node before _can_job_run_on_node, whose unsigned avail_mem would
            // wrap there. Own probe c28g1 o1-o6 (26.05.5): o1 holds 10000 of n3's 8000 MB; --mem=100, --mem=0 and
            // --mem-per-cpu=1 on n3 wait Resources, -n1 -x n1,n2 runs on n4, and after o1 ends n3 gives 8000 MB
            long free = Math.max(0, real - e.getValue());
            boolean shortNow = m instanceof JobMemory.WholeNode
                    || m instanceof JobMemory.PerNode n && free < n.mib()
                    || m instanceof JobMemory.PerGpu g && free < g.mib()
                    || m instanceof JobMemory.PerCpu c && (free < c.mib() * verifiedCpus(request)
                            || (request.exclusive()
                                    ? cpusMemoryAllows(table, node, request, c.mib(), free, node.cpus())
                                    : cpusMemoryAllowsFrom(table, node, request, c.mib(), free,
                                            AllocateScOffer.of(node, state.freeCores(node.name()),
                                                    AllocateScOffer.TaskShape.of(request), version))) == 0)
                    || perGpu != null && perGpu > 0 && free < perGpu * NodeMemory.gpusOnThisNode(request, node);
            if (shortNow) {
                out.add(e.getKey());
            }
        }
        return out;
    }

    /**
     * {@code _verify_node_state}'s CPU count for a per-CPU figure: {@code max(ntasks_per_node, pn_min_cpus,
     * cpus_per_task)}, where {@code _job_create} raised {@code pn_min_cpus} to {@code cpus_per_task *
     * ntasks_per_node} for a job of more than one task.
     */
    private static long verifiedCpus(JobRequest r) {
        int cpt = r.cpusPerTask() != null ? r.cpusPerTask() : 1;
        int ntpn = r.ntasksPerNode() != null ? r.ntasksPerNode() : 0;
        int tasks = r.ntasks() != null ? r.ntasks() : 1;
        long pnMinCpus = ntpn > 0 && tasks > 1 ? (long) ntpn * cpt : cpt;
        return Math.max(ntpn, Math.max(pnMinCpus, cpt));
    }

    /**
     * The CPUs a node keeps for the job once its memory bounds them ({@code _can_job_run_on_node}): none for an
     * {@code --exclusive} job whose CPUs do not all fit; else {@code avail} lowered a step at a time (a core's
     * threads under {@code CR_Core}, one CPU under {@code CR_CPU}) until {@code perCpu} times them fits in
     * {@code free}, rounded down to whole tasks, and none when below {@code --ntasks-per-node} or below what one
     * node must give the job. A request that still carries {@code --threads-per-core=t} below the node's threads
     * (sbatch's test, before {@link ThreadsPerCore} scales it; {@code --hint=nomultithread} is {@code t = 1}) counts
     * {@code t} CPUs a core and steps by {@code t}: {@code _allocate_sc} gives each core {@code
     * common_cpus_per_core} = {@code min(threads, t)} CPUs and sets {@code cpu_alloc_size} to {@code
     * min(cpu_alloc_size, t)} (22.05 {@code cons_common/cons_common.c}, 24.11 and 26.05 {@code
     * cons_tres/job_test.c}), so the memory test reads the figure per core, not per thread.
     */
    static long cpusMemoryAllows(NodeMemory table, SlurmNode node, JobRequest r, long perCpu, long free,
                                 long avail) {
        int tpc = node.threadsPerCore();
        int t = r.threadsPerCore() != null && r.threadsPerCore() < tpc ? r.threadsPerCore() : tpc;
        if (r.exclusive()) {
            long all = (long) node.cpus() / tpc * t;
            return perCpu * all > free ? 0 : all;
        }
        return cpusMemoryAllowsFrom(table, node, r, perCpu, free, avail / tpc * t);
    }

    /**
     * {@link #cpusMemoryAllows} from a count already in the job's CPUs per core ({@code avail_res->avail_cpus} as
     * {@code _allocate_sc} left it, {@link AllocateScOffer}), for a job that does not take the node whole: lowered a
     * step at a time until the memory pays, whole tasks, none below what one node must give.
     */
    static long cpusMemoryAllowsFrom(NodeMemory table, SlurmNode node, JobRequest r, long perCpu, long free,
                                     long cpus) {
        int tpc = node.threadsPerCore();
        int t = r.threadsPerCore() != null && r.threadsPerCore() < tpc ? r.threadsPerCore() : tpc;
        if (perCpu * cpus > free) {
            long step = table.perCpuUnit() ? 1 : t;
            long fits = free / perCpu;
            cpus = fits >= cpus ? cpus : cpus - ((cpus - fits + step - 1) / step) * step;
            cpus = Math.max(0, cpus);
        }
        int cpt = r.cpusPerTask() != null ? r.cpusPerTask() : 1;
        cpus -= cpus % cpt;
        if (r.ntasksPerNode() != null && cpus < r.ntasksPerNode()) {
            return 0;
        }
        return cpus < NodeMemory.cpusOnOneNode(r) ? 0 : cpus;
    }

    /**
     * {@code state} with what a node cannot give the job for want of free memory held by a stand-in job: the GPUs
     * past {@code free / mem_per_gres} ({@code gres_select_filter_cons_res}, the lowest free ones kept). No CPU: a
     * per-CPU figure caps the node's CPU count beside its whole core map ({@link #perCpuMemory},
     * {@link #cpusMemoryPays}), not cores taken. The state as it is unless memory is consumable and the job has a
     * per-GPU figure; an {@code --exclusive} job takes a node whole or not at all ({@link #shortOfFreeMemory}), so it
     * gets no stand-in. Slurm's selection and the planner read the same state.
     */
    public static ClusterState withGpusMemoryCannotServe(ClusterState state, JobRequest request) {
        return withStandIn(state, request);
    }

    /**
     * Per host (numbered as in the cluster's {@link ClusterIndex}), the most CPUs a node gives {@code request} for
     * its per-CPU memory figure in {@code state}: {@link PerCpuMemory#lower} of the node's free CPUs (every free
     * core's threads, what {@code _can_job_run_on_node} starts from for a GRES job), the figure Slurm's selection
     * caps {@code avail_res->avail_cpus} with; {@link Integer#MAX_VALUE} on a node whose memory pays for every free
     * CPU (there the branch only rounds to whole tasks, which a plan's CPUs are) or that has no memory figure. {@code
     * null} where the job has no per-CPU figure ({@link #perCpuMemory}) or the memory binds on no node. The planner
     * places no more CPUs on a node than this, and keeps every free core for the layout, as Slurm does.
     */
    public static int[] cpusMemoryPays(ClusterState state, JobRequest request) {
        PerCpuMemory.Table table = perCpuMemory(state, request);
        if (table == null) {
            return null;
        }
        int cpt = request.cpusPerTask() != null ? request.cpusPerTask() : 1;
        ClusterIndex index = ClusterIndex.of(state.cluster());
        int[] out = new int[index.size()];
        Arrays.fill(out, Integer.MAX_VALUE);
        boolean binds = false;
        for (SlurmNode n : SlurmNode.of(state.cluster())) {
            PerCpuMemory m = table.of(n);
            long free = freeCpus(state, n);
            if (m.freeMiB() != Long.MAX_VALUE && m.freeMiB() / m.perCpuMiB() < free) {
                out[n.host()] = m.lower((int) free, cpt, request.ntasksPerNode());
                binds = true;
            }
        }
        return binds ? out : null;
    }

    /**
     * Every node's free memory for a job whose memory is a per-CPU figure ({@link PerCpuMemory}), or {@code null}
     * when memory is not consumable, the job is {@code --exclusive} (it takes a node whole or not at all:
     * {@link #shortOfFreeMemory}) or its memory is not a per-CPU figure. The same state as the selection's: the
     * running jobs' memory is read from it.
     */
    static PerCpuMemory.Table perCpuMemory(ClusterState state, JobRequest request) {
        NodeMemory table = NodeMemory.of(state.cluster());
        if (!table.consumable() || request.exclusive()) {
            return null;
        }
        request = MaxMemPer.adjusted(state.cluster(), request);
        if (!(JobMemory.of(request, table.defaults(request)) instanceof JobMemory.PerCpu c)) {
            return null;
        }
        Map<String, Long> used = state.running().isEmpty() ? Map.of() : held(state);
        Map<String, Long> free = new HashMap<>();
        for (SlurmNode node : SlurmNode.of(state.cluster())) {
            Long real = table.memoryForJobs(node.name());
            if (real != null) {
                free.put(node.name(), Math.max(0, real - used.getOrDefault(node.name(), 0L)));
            }
        }
        return new PerCpuMemory.Table(free, c.mib(), table.perCpuUnit());
    }

    private static ClusterState withStandIn(ClusterState state, JobRequest request) {
        NodeMemory table = NodeMemory.of(state.cluster());
        if (!table.consumable() || request.exclusive()) {
            return state;
        }
        request = MaxMemPer.adjusted(state.cluster(), request);
        JobMemory.Defaults defaults = table.defaults(request);
        Long perGpu = JobMemory.perGpu(request, defaults);
        if (perGpu == null || perGpu == 0) {
            return state;
        }
        Map<String, Long> used = state.running().isEmpty() ? Map.of() : held(state);
        List<HostAllocation> standIn = new ArrayList<>();
        for (SlurmNode node : SlurmNode.of(state.cluster())) {
            Long real = table.memoryForJobs(node.name());
            if (real == null) {
                continue;
            }
            long free = Math.max(0, real - used.getOrDefault(node.name(), 0L));
            long cap = free / perGpu;
            List<Integer> freeGpus = state.freeGpus(node.name());
            if (freeGpus.size() > cap) {
                standIn.add(new HostAllocation(node.name(), List.copyOf(freeGpus.subList((int) cap, freeGpus.size())),
                        CpuSet.empty(), Map.of()));
            }
        }
        if (standIn.isEmpty()) {
            return state;
        }
        // a state given twice (the planner asks slurm-tree on its own stand-in's state) gets a second stand-in
        // under a name of its own
        String name = STAND_IN;
        for (int n = 2; state.placement(name).isPresent(); n++) {
            name = STAND_IN + " " + n;
        }
        return state.with(new Placement(name, standIn));
    }

    /**
     * Per node index, the GPUs the stand-ins of {@link #withGpusMemoryCannotServe} hold in {@code state} (an entry
     * {@code null} where they hold none), or {@code null} when there is no stand-in. The memory cap lowers what the
     * selection counts on a node ({@code _foreach_remove_unusable}); the per-job count of a node without GPU topology
     * ({@code _get_job_cnt}) reads the node's free GPUs past it.
     */
    static BitSet[] gpusHeldForMemory(ClusterState state, List<SlurmNode> nodes) {
        // the stand-ins are looked up by their names (withGpusMemoryCannotServe numbers a second one), not found by
        // walking every running job: this runs on each --gpus=N attempt, and a busy cluster runs thousands of jobs
        BitSet[] held = null;
        Map<String, Integer> index = null;
        String name = STAND_IN;
        for (int n = 2; ; n++) {
            Placement standIn = state.placement(name).orElse(null);
            if (standIn == null) {
                return held;
            }
            if (index == null) {
                index = new HashMap<>();
                for (SlurmNode node : nodes) {
                    index.put(node.name(), node.index());
                }
                held = new BitSet[nodes.size()];
            }
            for (HostAllocation h : standIn.hosts()) {
                Integer i = index.get(h.host());
                if (i == null || h.gpus().isEmpty()) {
                    continue;
                }
                if (held[i] == null) {
                    held[i] = new BitSet();
                }
                h.gpus().forEach(held[i]::set);
            }
            name = STAND_IN + " " + n;
        }
    }

    private static long freeCpus(ClusterState state, SlurmNode node) {
        return (long) state.freeCores(node.name()).size() * node.threadsPerCore();
    }

    /** The cluster's nodes by name, built once per cluster. */
    static Map<String, SlurmNode> nodesByName(Cluster cluster) {
        return ClusterIndex.of(cluster).derived(FreeMemory.class, c -> {
            Map<String, SlurmNode> out = new HashMap<>();
            for (SlurmNode n : SlurmNode.of(c)) {
                out.put(n.name(), n);
            }
            return Map.copyOf(out);
        });
    }
}
