package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.NodeShape;
import org.topoplanner.allocator.StateUsage;
import org.topoplanner.allocator.planner.PlannerPolicy.Plan;
import org.topoplanner.allocator.slurm.FreeMemory;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * 22.05.8's task deal on the planner's own nodes: where the planner's even split gives each node its share of
 * {@code -n}, 22.05 deals the tasks over each node's uncut CPUs ({@code dist_tasks_compute_c_b},
 * {@code cons_common/dist_tasks.c}; {@code _job_test}, {@code cons_common/job_test.c}, builds {@code job_res->cpus}
 * from {@code avail_res_array[i]->avail_cpus}, which {@code _select_cores}' GPU filter cuts only in a local copy):
 * one task a node in table order, then the rest of the cores already begun (a 2-thread core holds a second 1-CPU
 * task), then rounds of a core's worth a node, the first nodes filling first. On 2-thread nodes that holds fewer
 * CPUs than the even split: {@code -N2 -n6 --ntasks-per-gpu=3} deals 4 + 2 tasks (two cores and one) where 3 + 3
 * take two cores each ({@code PlannerNtasksPerGpuPropertyTest} seed 543914: slurm-tree's 6 CPUs, the even split's 8).
 * Read for GPU jobs, as {@code slurm-tree}'s {@code TaskDistribution.layout2205} reads the uncut count for them.
 *
 * <p>Each node is chosen again ({@link NodeFit}) for its dealt tasks' CPUs (and, with {@code --gpus-per-task},
 * their GPUs, within {@code gres_task_limit}: the node's free GPUs over the per-task count); where a node cannot
 * hold its deal, or the deal leaves tasks over, the plan keeps its even shares.
 */
final class TaskDeal2205 {
    private TaskDeal2205() {
    }

    /** Whether 22.05 deals {@code job}'s tasks over the uncut CPUs and the planner follows it here. */
    static boolean applies(JobRequest job) {
        boolean gpus = positive(job.gpus()) || positive(job.gpusPerNode()) || positive(job.gpusPerTask())
                || positive(job.gpusPerSocket());
        return gpus && job.ntasks() != null && job.ntasksPerNode() == null && job.ntasksPerSocket() == null
                && job.distribution() == null && job.threadsPerCore() == null && !job.overcommit()
                && !job.exclusive() && job.podShape() == null;
    }

    /** {@code plan} with 22.05's task deal on its nodes, or {@code plan} as it is when the deal does not fit. */
    static Plan dealt(ClusterIndex index, StateUsage usage, JobRequest job, PlanLimits limits, Plan plan) {
        if (!applies(job)) {
            return plan;
        }
        List<HostAllocation> hosts = new ArrayList<>(plan.placement().hosts());
        // dist_tasks walks the job's node bitmap: the table order, not the search's
        hosts.sort(Comparator.comparingInt(a -> index.number(a.host())));
        int n = hosts.size();
        int cpt = job.cpusPerTask() == null ? 1 : job.cpusPerTask();
        int[] cap = new int[n];
        int[] gresLimit = new int[n];
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
            gresLimit[k] = Integer.MAX_VALUE;
            if (positive(job.gpusPerTask()) && job.gpusPerNode() == null) {
                // gres_task_limit (gres_select_util_get_task_limit: total_cnt / gres_per_task), past a node's first
                int free = shape.gpus() - Long.bitCount(usage.usedGpuPositions(h) & shape.gpuPositions());
                if (limits.oneSocketGpus() != null) {
                    free = Math.min(free, limits.oneSocketGpus()[h]);
                }
                gresLimit[k] = free / job.gpusPerTask();
            }
        }
        int[] tasks = deal(job.ntasks(), cpt, cap, gresLimit, tpc);
        if (tasks == null) {
            return plan;
        }
        List<HostAllocation> out = new ArrayList<>();
        boolean counts = !job.exclusive() && FreeMemory.countsTasksCpus(index.cluster());
        for (int k = 0; k < n; k++) {
            HostAllocation a = hosts.get(k);
            int h = index.number(a.host());
            NodeShape shape = index.shape(h);
            int gpus = positive(job.gpusPerTask()) && job.gpusPerNode() == null
                    ? job.gpusPerTask() * tasks[k] : a.gpus().size();
            int cpus = tasks[k] * cpt;
            if (positive(job.cpusPerGpu())) {
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

    /** {@link #dealt} of a plan that may be absent. */
    static Optional<Plan> dealt(ClusterIndex index, StateUsage usage, JobRequest job, PlanLimits limits,
                                Optional<Plan> plan) {
        return plan.map(p -> dealt(index, usage, job, limits, p));
    }

    /**
     * The tasks per node of 22.05's {@code dist_tasks_compute_c_b} over CPUs {@code cap} (the nodes in table order):
     * one a node, the begun cores' rest, then rounds of {@code max(1, tpc / cpt)} a node, each node within its CPUs
     * and past its first task within {@code gresLimit}; {@code null} when the CPUs hold fewer than {@code ntasks}
     * (22.05 would over-subscribe: the planner keeps its even split there).
     */
    static int[] deal(int ntasks, int cpt, int[] cap, int[] gresLimit, int[] tpc) {
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
            for (int t = 0; t < begun && left > 0 && cap[k] - cpus[k] >= cpt && tasks[k] < gresLimit[k]; t++) {
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
                for (int t = 0; t < perRound && left > 0 && cap[k] - cpus[k] >= cpt && tasks[k] < gresLimit[k];
                        t++) {
                    tasks[k]++;
                    cpus[k] += cpt;
                    left--;
                    progress = true;
                }
            }
        }
        return left > 0 ? null : tasks;
    }

    private static boolean positive(Integer n) {
        return n != null && n > 0;
    }
}
