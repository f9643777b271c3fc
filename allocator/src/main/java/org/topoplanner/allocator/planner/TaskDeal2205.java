package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.NodeShape;
import org.topoplanner.allocator.StateUsage;
import org.topoplanner.allocator.planner.PlannerPolicy.Plan;
import org.topoplanner.allocator.slurm.FreeMemory;
import org.topoplanner.model.hostlist.NaturalOrder;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 22.05.8's task deal on the planner's own nodes: where the planner's even split gives each node its share of
 * {@code -n}, 22.05 deals the tasks over the CPUs each node was given ({@code dist_tasks_compute_c_b},
 * {@code cons_common/dist_tasks.c}; {@code _job_test}, {@code cons_common/job_test.c}, builds {@code job_res->cpus}
 * from {@code avail_res_array[i]->avail_cpus}, which {@code _select_cores}' GPU filter cuts only in a local copy):
 * one task a node in table order, then the rest of the cores already begun (a 2-thread core holds a second 1-CPU
 * task), then rounds of a core's worth a node, the first nodes filling first. On 2-thread nodes that holds fewer
 * CPUs than the even split: {@code -N2 -n6 --ntasks-per-gpu=3} deals 4 + 2 tasks (two cores and one) where 3 + 3
 * take two cores each ({@code PlannerNtasksPerGpuPropertyTest} seed 543914: slurm-tree's 6 CPUs, the even split's 8).
 * The same for a job without GPUs ({@code PlannerTaskDeal2205PropertyTest}, d24p).
 *
 * <p>Before the deal, each node's count is what {@code _cpus_to_use} ({@code cons_tres/job_test.c}) leaves it as
 * {@code _eval_nodes_topo} adds the nodes (required ones, and those of one leaf, in table order): a node offering
 * more than {@code rem_max_cpus} less one core a further node is lowered to that (at least {@code pn_min_cpus} and
 * {@code min_gres_cpu}), and that count is written into {@code avail_res->avail_cpus}, which the deal reads. So
 * {@code -N3 -n9} on three idle 2-thread nodes gives the first node 5 CPUs and the others 2 each: 5 + 2 + 2 tasks
 * (6 + 2 + 2 CPUs), not the uncut deal's 4 + 3 + 2 (4 + 4 + 2).
 *
 * <p>A GPU job other than {@code --ntasks-per-gpu} takes its counts from slurm-tree on the same nodes instead
 * ({@link GpuFilterOnNodes}). Each node is chosen again ({@link NodeFit}) for its dealt CPUs (and a GPU job's GPUs
 * there); where a node cannot hold its deal, the deal leaves tasks over, or slurm-tree does not run a GPU job on
 * these nodes, the plan keeps its even shares (the last is then
 * not proposed unless Slurm's own pick is on these nodes: {@link OwnNodesNamed}).
 */
final class TaskDeal2205 {
    private TaskDeal2205() {
    }

    /**
     * Whether the planner follows 22.05's deal of {@code job}'s tasks: a {@code -n} job, with GPUs or without
     * (dist_tasks reads {@code avail_res->avail_cpus} for every job; the GPU filter's cut is the only GPU part).
     */
    static boolean applies(JobRequest job) {
        return job.ntasks() != null && job.ntasksPerNode() == null && job.ntasksPerSocket() == null
                && job.distribution() == null && job.threadsPerCore() == null && !job.overcommit()
                && !job.exclusive() && job.podShape() == null;
    }

    /**
     * {@code plan} with 22.05's task deal on its nodes, or {@code plan} as it is when the deal does not fit. A GPU job
     * ({@link GpuFilterOnNodes#applies}) takes each node's CPUs and GPUs from {@code slurmOnNodes}, slurm-tree asked
     * for exactly the plan's nodes, and keeps the plan where slurm-tree does not place it there; the counts of
     * {@link #cpusDealt} are the other jobs'.
     */
    static Plan dealt(ClusterIndex index, StateUsage usage, JobRequest job, PlanLimits limits, Plan plan,
                      Function<List<String>, Optional<Placement>> slurmOnNodes) {
        if (!applies(job)) {
            return plan;
        }
        List<HostAllocation> hosts = new ArrayList<>(plan.placement().hosts());
        // dist_tasks walks the job's node bitmap, and _eval_nodes_topo adds required (-w) nodes and a leaf's in
        // that order too: Slurm's node table, which 22.05's _sort_node_record_table_ptr (slurmctld/read_config.c)
        // sorts by name (strnatcmp; topology/tree ranks no node), not the cluster's definition order (mem2f lists
        // u4 before f3: -N2 -n8 on u4 and f3 is f3 6 + u4 2 CPUs in slurm-tree, the planner dealt u4 7 + f3 1)
        hosts.sort(Comparator.comparing(HostAllocation::host, NaturalOrder.INSTANCE));
        int n = hosts.size();
        int[] dealtCpus;
        int[] slurmGpus = null;
        if (GpuFilterOnNodes.applies(job)) {
            Optional<Placement> named = slurmOnNodes.apply(hosts.stream().map(HostAllocation::host).toList());
            if (named.isEmpty()) {
                // slurm-tree does not run the job on these nodes (22.05's required-node loop counts them short:
                // 12 of PlannerGpuTaskDeal2205PropertyTest's seeds -2000..2999, all with --cpus-per-gpu), so 22.05
                // deals nothing there to follow: the plan keeps its even shares, and the answer is Slurm's own
                // placement unless these are its own nodes (OwnNodesNamed)
                return plan;
            }
            // the GPU filter's cut on these nodes as slurm-tree computes it (CoreFilter, TaskDistribution.layout2205)
            dealtCpus = GpuFilterOnNodes.cpus(named.get(), hosts);
            slurmGpus = GpuFilterOnNodes.gpus(named.get(), hosts);
        } else {
            dealtCpus = cpusDealt(index, usage, job, limits, hosts);
            if (dealtCpus == null) {
                return plan;
            }
        }
        List<HostAllocation> out = new ArrayList<>();
        boolean counts = !job.exclusive() && FreeMemory.countsTasksCpus(index.cluster());
        for (int k = 0; k < n; k++) {
            HostAllocation a = hosts.get(k);
            int h = index.number(a.host());
            NodeShape shape = index.shape(h);
            int gpus = slurmGpus != null ? slurmGpus[k] : a.gpus().size();
            int cpus = dealtCpus[k];
            if (positive(job.cpusPerGpu()) && slurmGpus == null) {
                // (slurm-tree's count already holds the GPUs' CPUs as 22.05 holds them, which may be fewer)
                cpus = Math.max(cpus, gpus * job.cpusPerGpu());
            }
            NodeDemand d = new NodeDemand(n, gpus, 0, Math.max(1, cpus), job.enforceBinding(), false,
                    job.gpuType(), job.cpusPerGpu() == null ? 0 : job.cpusPerGpu(), false);
            long free = shape.gpuPositions() & ~usage.usedGpuPositions(h);
            BitSet freeCores = PlanSearch.freeCores(shape, usage, h);
            NodeChoice c = NodeFit.chooseBinding(shape, free, freeCores, d, gpus);
            if (c == null) {
                return plan;
            }
            HostAllocation dealt = new HostAllocation(a.host(), shape.indices(c.gpus()),
                    index.cpuIds(h).cpusOfCores(c.cores().stream().boxed().toList()), c.nicByGpu(shape));
            out.add(counts ? dealt.withCountedCpus(d.cpus()) : dealt);
        }
        // back in the plan's own order
        List<HostAllocation> ordered = new ArrayList<>();
        for (HostAllocation a : plan.placement().hosts()) {
            ordered.add(out.stream().filter(b -> b.host().equals(a.host())).findFirst().orElseThrow());
        }
        return new Plan(new Placement(plan.placement().job(), ordered), plan.score(), plan.leaves());
    }

    /**
     * The CPUs 22.05 deals each of {@code hosts} (in table order) for a job without GPUs or with
     * {@code --ntasks-per-gpu}: the tasks dealt over what {@code _cpus_to_use} keeps of each node's free CPUs (held to
     * its share with {@code --ntasks-per-gpu}, {@link #gpuFilterCut}), or, where those counts hold fewer whole tasks
     * but the free CPUs hold them all, the over-subscribed deal within the counts; {@code null} where neither fits.
     */
    private static int[] cpusDealt(ClusterIndex index, StateUsage usage, JobRequest job, PlanLimits limits,
                                   List<HostAllocation> hosts) {
        int n = hosts.size();
        int cpt = job.cpusPerTask() == null ? 1 : job.cpusPerTask();
        int[] cap = new int[n];
        int[] tpc = new int[n];
        for (int k = 0; k < n; k++) {
            int h = index.number(hosts.get(k).host());
            NodeShape shape = index.shape(h);
            tpc[k] = Math.max(1, shape.cpuIds().threadsPerCore());
            int cpus = PlanSearch.freeCores(shape, usage, h).cardinality() * tpc[k];
            if (limits.partition() != null) {
                cpus = limits.partition().capped(cpus);
            }
            if (limits.memoryCpus() != null) {
                cpus = Math.min(cpus, limits.memoryCpus()[h]);
            }
            if (limits.boundCpus() != null) {
                cpus = Math.min(cpus, limits.boundCpus()[h]);
            }
            cap[k] = cpus;
        }
        int[] kept = gpuFilterCut(job, cap, tpc, cpt);
        int[] tasks = deal(job.ntasks(), cpt, kept, tpc);
        if (tasks != null) {
            int[] cpus = new int[n];
            for (int k = 0; k < n; k++) {
                cpus[k] = tasks[k] * cpt;
            }
            return cpus;
        }
        if (!FreeMemory.countsTasksCpus(index.cluster()) && deal(job.ntasks(), cpt, cap, tpc) != null) {
            // the nodes hold the tasks, but not within what _cpus_to_use kept (-c not a multiple of the cores'
            // threads): 22.05 over-subscribes the rest within those counts. Not where memory counts the tasks' CPUs
            // (PlannerCountedCpusPropertyTest seed 237984: the counted CPUs would fall below -n x -c; not read)
            return cpusOverSubscribed(job.ntasks(), cpt, kept, tpc);
        }
        return null;
    }

    /**
     * {@code plan} as the planner answers it under {@code settings}: dealt as 22.05 deals where Slurm 22.05 decides,
     * else as it is. The one step both the live answer ({@link OwnAnswer}) and {@link PlannerPolicy#plan} take.
     * {@code job} is the request as the node filters read it, {@code submitted} the request as given: a
     * {@code --threads-per-core} job reaches the filters' request with {@code -N x t} tasks of sbatch's figure
     * ({@code ThreadsPerCore.check}), not a {@code -n} of the user's, and its threads' rule is not this deal's
     * (seed -3580716692 of {@code PlannerThreadsPerCorePropertyTest}: {@code -N2 --gpus-per-node=1 -c3
     * --threads-per-core=2} dealt 3 + 1 such tasks, 10 + 4 CPUs, where slurm-tree holds 6 + 6).
     */
    static Optional<Plan> underRelease(SchedulerSettings settings, ClusterState state, ClusterIndex index,
                                       JobRequest job, JobRequest submitted, PlanLimits limits, Optional<Plan> plan) {
        if (settings.slurm() != SlurmVersion.V22_05 || !settings.slurmDecides() || submitted.threadsPerCore() != null) {
            return plan;
        }
        return plan.map(p -> dealt(index, state.usage(), job, limits, p,
                hosts -> GpuFilterOnNodes.placement(GpuFilterOnNodes.named(settings, state, submitted, hosts),
                        hosts)));
    }

    /**
     * The CPUs the deal reads for a {@code --ntasks-per-gpu} job: {@code _select_cores} ({@code cons_tres/job_test.c},
     * 22.05.8) holds each node to {@code num_tasks / min_nodes} tasks ("Node ranges not allowed with
     * --ntasks-per-gpu"; all of them on a one-node minimum), at most its CPUs' whole tasks;
     * {@code gres_select_filter_sock_core} ({@code cons_common/gres_select_filter.c}) clears the cores past those
     * tasks' ({@code req_cpus}: the tasks' CPUs rounded up to whole cores) and cuts its copy of {@code avail_cpus} to
     * the tasks' CPUs, which {@code _cpus_to_use} then lowers from; and {@code _select_nodes}' {@code fini} cuts
     * {@code avail_res->avail_cpus} to the cores left ("Update available CPU count for any removed cores"). So
     * {@code -N2 -n4 -c3 --ntasks-per-gpu=1} on 2-thread cores deals 2 + 2 tasks on three cores a node
     * ({@code PlannerNtasksPerGpuPropertyTest} seed 731533412; slurm-tree's {@code TaskDistribution.cpus2205}),
     * not 3 + 1 over the uncut counts (five cores and two). Other jobs: {@link #cpusToUse} over {@code cap}.
     */
    static int[] gpuFilterCut(JobRequest job, int[] cap, int[] tpc, int cpt) {
        int[] offered = cap.clone();
        int[] cores = null;
        if (job.ntasksPerGpu() != null) {
            int minNodes = job.minNodes() == null ? 1 : Math.max(1, job.minNodes());
            int each = job.ntasks() / minNodes;
            cores = new int[cap.length];
            for (int k = 0; k < cap.length; k++) {
                int maxTasks = Math.min(each, cap[k] / cpt);
                cores[k] = (maxTasks * cpt + tpc[k] - 1) / tpc[k];
                offered[k] = Math.min(cap[k], maxTasks * cpt);
            }
        }
        int[] kept = cpusToUse(remMaxCpus(job, cap.length), minNodeCpus(job), offered, tpc);
        if (cores != null) {
            for (int k = 0; k < cap.length; k++) {
                // _cpus_to_use writes avail_res->avail_cpus only where it lowers; else the uncut count stays
                int count = kept[k] < offered[k] ? kept[k] : cap[k];
                kept[k] = Math.min(count, cores[k] * tpc[k]);
            }
        }
        return kept;
    }

    /**
     * The CPUs each node keeps after 22.05's {@code _cpus_to_use} ({@code cons_tres/job_test.c}), the nodes added in
     * table order: a node offering more than {@code remMaxCpus} less one core ({@code common_cpus_per_core}) for each
     * node still to come is lowered to that, at least {@code floor}; what it keeps comes off {@code remMaxCpus}.
     */
    static int[] cpusToUse(long remMaxCpus, int floor, int[] offered, int[] tpc) {
        int n = offered.length;
        int[] kept = offered.clone();
        long rem = remMaxCpus;
        for (int k = 0; k < n; k++) {
            long left = rem - (long) (n - 1 - k) * tpc[k];
            if (offered[k] > left) {
                kept[k] = (int) Math.min(offered[k], Math.max(left, floor));
            }
            rem -= kept[k];
        }
        return kept;
    }

    /**
     * {@code _get_rem_max_cpus} (22.05.8 {@code cons_tres/job_test.c}): the job's {@code min_cpus} ({@code -n} x
     * {@code -c}), or the CPUs its GPUs ask for with {@code --cpus-per-gpu} ({@code min_gres_cpu} a node, or the
     * job's {@code --gpus} times it), if more.
     */
    private static long remMaxCpus(JobRequest job, int nodes) {
        int cpt = job.cpusPerTask() == null ? 1 : job.cpusPerTask();
        long cpus = (long) job.ntasks() * cpt;
        if (positive(job.cpusPerGpu())) {
            cpus = Math.max(cpus, (long) minGresCpu(job) * nodes);
            if (positive(job.gpus())) {
                cpus = Math.max(cpus, (long) job.gpus() * job.cpusPerGpu());
            }
        }
        return cpus;
    }

    /** {@code _cpus_to_use}'s floor: {@code pn_min_cpus} (one task's CPUs) and {@code min_gres_cpu}. */
    private static int minNodeCpus(JobRequest job) {
        int cpt = job.cpusPerTask() == null ? 1 : job.cpusPerTask();
        return Math.max(cpt, minGresCpu(job));
    }

    /**
     * {@code min_gres_cpu} ({@code gres_select_util_job_min_cpu_node}): {@code --gpus-per-node} times
     * {@code --cpus-per-gpu}, one GPU's for {@code --gpus}; 0 without {@code --cpus-per-gpu}.
     */
    private static int minGresCpu(JobRequest job) {
        if (!positive(job.cpusPerGpu())) {
            return 0;
        }
        if (positive(job.gpusPerNode())) {
            return job.gpusPerNode() * job.cpusPerGpu();
        }
        return positive(job.gpus()) ? job.cpusPerGpu() : 0;
    }

    /**
     * The tasks per node of 22.05's {@code dist_tasks_compute_c_b} over CPUs {@code cap} (the nodes in table order):
     * one a node, the begun cores' rest, then rounds of {@code max(1, tpc / cpt)} a node, each node within its CPUs;
     * {@code null} when the CPUs hold fewer than {@code ntasks}
     * (22.05 would over-subscribe: the planner keeps its even split there).
     */
    static int[] deal(int ntasks, int cpt, int[] cap, int[] tpc) {
        int n = cap.length;
        int[] tasks = new int[n];
        int[] cpus = new int[n];
        int left = ntasks;
        for (int k = 0; k < n && left > 0; k++) {
            if (cap[k] < cpt) {
                return null;
            }
            tasks[k] = 1;
            cpus[k] = cpt;
            left--;
        }
        for (int k = 0; k < n && left > 0; k++) {
            int begun = cpus[k] % tpc[k] / cpt;
            for (int t = 0; t < begun && left > 0 && cap[k] - cpus[k] >= cpt; t++) {
                tasks[k]++;
                cpus[k] += cpt;
                left--;
            }
        }
        boolean progress = true;
        while (left > 0 && progress) {
            progress = false;
            for (int k = 0; k < n && left > 0; k++) {
                int perRound = Math.max(1, tpc[k] / cpt);
                for (int t = 0; t < perRound && left > 0 && cap[k] - cpus[k] >= cpt; t++) {
                    tasks[k]++;
                    cpus[k] += cpt;
                    left--;
                    progress = true;
                }
            }
        }
        return left > 0 ? null : tasks;
    }

    /**
     * The CPUs per node of 22.05's {@code dist_tasks_compute_c_b} where the counts {@code kept} hold fewer than
     * {@code ntasks} whole tasks: one task a node, the begun cores' rest, rounds of a core's worth within the counts,
     * and when a round places none the rest over-subscribed, one a node and round, each node's CPUs growing by a
     * task's up to its count ({@code slurm-tree}'s {@code TaskDistribution.layout2205}, fuzz02 f1).
     */
    static int[] cpusOverSubscribed(int ntasks, int cpt, int[] kept, int[] tpc) {
        int n = kept.length;
        int[] cpus = new int[n];
        int left = ntasks;
        boolean space = false;
        for (int k = 0; k < n && left > 0; k++) {
            if (kept[k] > 0) {
                left--;
                cpus[k] = Math.min(kept[k], cpt);
                space |= cpus[k] < kept[k];
            }
        }
        boolean overSubscribe = !space;
        for (int k = 0; k < n && left > 0; k++) {
            int begun = cpus[k] % tpc[k] / cpt;
            for (int t = 0; t < begun && left > 0 && kept[k] - cpus[k] >= cpt; t++) {
                left--;
                cpus[k] += cpt;
            }
        }
        while (left > 0) {
            space = false;
            for (int k = 0; k < n && left > 0; k++) {
                int perRound = Math.max(1, tpc[k] / cpt);
                for (int t = 0; t < perRound && left > 0; t++) {
                    if (!overSubscribe && kept[k] - cpus[k] < cpt) {
                        break;
                    }
                    left--;
                    cpus[k] = Math.min(kept[k], cpus[k] + cpt);
                    space |= kept[k] - cpus[k] >= cpt;
                }
            }
            overSubscribe |= !space;
        }
        return cpus;
    }

    private static boolean positive(Integer n) {
        return n != null && n > 0;
    }
}
