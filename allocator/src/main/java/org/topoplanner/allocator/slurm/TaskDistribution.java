package org.topoplanner.allocator.slurm;

import java.util.Arrays;
import java.util.List;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * How many tasks each chosen node runs: Slurm's {@code dist_tasks_compute_c_b} ({@code select/cons_tres/dist_tasks.c}
 * in 24.11 and 26.05, {@code cons_common}'s in 22.05), read after the selection gave each node its CPUs.
 */
final class TaskDistribution {
    private TaskDistribution() {
    }

    /**
     * 22.05's tasks and CPUs per node ({@code dist_tasks_compute_c_b}) for a job without
     * {@code --ntasks-per-node}: the job's CPU count ({@code job_res->ncpus}: at least {@code details->min_cpus},
     * which {@code -n} x {@code -c} or {@code --cpus-per-gpu} makes) is dealt out as tasks, one per node first,
     * then whole cores' worth per node and round ({@code vpus / cpus_per_task} tasks), each node up to the CPUs
     * {@code _cpus_to_use} gave it. Own case fuzz01 f1 ({@code -N3 --gpus-per-node=3 --cpus-per-gpu=7}, 63 CPUs)
     * gets 32 on the 2-thread node and 16 + 15 on the others, not 21 each. When a round places no task,
     * the rest are over-subscribed: added one per node and round, each taking what CPUs its node still has
     * (fuzz02 f1 {@code -n3 -c5} on q1 giving 7 CPUs and s5 8: q1 runs two tasks on 7 CPUs, s5 one on 5).
     */
    static int[][] layout2205(List<Integer> idx, List<SlurmNode> nodes, CoreFilter.Result[] results,
                              NodePick sel, SlurmJobSpec job) {
        int hosts = idx.size();
        int cpt = job.cpusPerTask();
        // job_res->ncpus (cons_common/job_test.c): at least min_cpus and hosts x pn_min_cpus, which 22.05's
        // _valid_pn_min_mem may raise past -c (MaxMemPer.perNodeMinimum22; probe c22k2 k4, -N2 -n2 -c3 --mem=9000:
        // ncpus 10 deals three tasks of 3, 6 CPUs on n1 and 4 on n2)
        long ncpus = Math.max(Math.max(hosts, JobCpuCounts.ncpusFloor(job, hosts, SlurmVersion.V22_05)),
                (long) hosts * Math.max(cpt, job.pnMinCpus()));
        long maxTasks = cpt > 1 ? ncpus / cpt : ncpus;
        int[] cpus = new int[hosts];
        int[] tasks = new int[hosts];
        int[] cap = new int[hosts];
        long tid = 0;
        boolean space = false;
        int[] gresLimit = new int[hosts];
        for (int k = 0; k < hosts; k++) {
            int i = idx.get(k);
            cap[k] = cpus2205(i, results, sel, nodes.get(i), job);
            gresLimit[k] = gresTaskLimit2205(results[i], job);
        }
        for (int k = 0; k < hosts && tid < maxTasks; k++) {
            if (cap[k] > 0) {
                tid++;
                tasks[k]++;
                cpus[k] = Math.min(cap[k], cpt);
                space |= cpus[k] < cap[k];
            }
        }
        boolean overSubscribe = !space;
        // the rest of the cores already begun (a 2-thread core holds a second 1-CPU task)
        for (int k = 0; k < hosts && tid < maxTasks; k++) {
            int vpus = nodes.get(idx.get(k)).threadsPerCore();
            int remTasks = cpus[k] % vpus / cpt;
            for (int t = 0; t < remTasks && tid < maxTasks && cap[k] - cpus[k] >= cpt && tasks[k] < gresLimit[k];
                    t++) {
                tid++;
                tasks[k]++;
                cpus[k] += cpt;
            }
        }
        while (tid < maxTasks) {
            space = false;
            for (int k = 0; k < hosts && tid < maxTasks; k++) {
                int remTasks = Math.max(1, nodes.get(idx.get(k)).threadsPerCore() / cpt);
                for (int t = 0; t < remTasks && tid < maxTasks; t++) {
                    if (!overSubscribe && (cap[k] - cpus[k] < cpt || tasks[k] >= gresLimit[k])) {
                        break;
                    }
                    tid++;
                    tasks[k]++;
                    cpus[k] = Math.min(cap[k], cpus[k] + cpt);
                    space |= cap[k] - cpus[k] >= cpt;
                }
            }
            overSubscribe |= !space;
        }
        return new int[][] {tasks, cpus};
    }

    /**
     * A node's CPUs as 22.05's {@code dist_tasks_compute_c_b} reads them ({@code job_res->cpus}, built in
     * {@code _job_test}, {@code cons_common/job_test.c}, from {@code avail_res_array[i]->avail_cpus}): the count
     * {@code _allocate_sc} left, which {@code _select_cores} ({@code cons_tres/job_test.c}) and
     * {@code gres_select_filter_sock_core} only cut in a local copy (to {@code max_tasks_this_node} x
     * {@code cpus_per_task}, itself rounded down to a multiple of {@code --ntasks-per-socket}), unless
     * {@code _cpus_to_use} rewrote it for the pick. Own probe c22s1 e3 ({@code -N2 -n6 --ntasks-per-socket=3 -c1
     * --gpus-per-task=1}): q1 and t1 offer 4 CPUs each, cut to 3 for the pick, which lowers neither; the deal from
     * 4 + 4 (q1 first in the table) gives q1 4 tasks with 4 GPUs and t1 2 in 22.05.8, not 3 + 3.
     */
    private static int cpus2205(int i, CoreFilter.Result[] results, NodePick sel, SlurmNode node, SlurmJobSpec job) {
        int given = sel.cpusOr(i, results[i].availCpus());
        // every GPU job (gres_select_filter_sock_core runs for each job with gres_list_req); the planner deals its
        // own nodes alike (planner.TaskDeal2205, PlannerNtasksPerGpuPropertyTest seed 543914; PROVENANCE d23p)
        if (!job.hasGpus() || sel.loweredOr(i, given < results[i].availCpus())) {
            return given;
        }
        // _select_nodes' fini (22.05 cons_tres/job_test.c): a GRES job's avail_cpus is then cut to the cores the
        // GPU filter left (cleared under enforce-binding or in a first pass), MIN(count, avail_res->avail_cpus)
        int cores = results[i].availCores().cardinality() * node.threadsPerCore();
        return Math.max(given, Math.min(cores, results[i].resCpus()));
    }

    /**
     * 22.05's {@code gres_task_limit} of a node ({@code gres_select_util_get_task_limit}: {@code total_cnt /
     * gres_per_task}, set by {@code _job_test} only for a job with a per-task GRES), which
     * {@code dist_tasks_compute_c_b} tests past a node's first task.
     */
    private static int gresTaskLimit2205(CoreFilter.Result r, SlurmJobSpec job) {
        if (job.gpusPerTask() == null || job.gpusPerTask() <= 0 || r.totalCnt() == Long.MAX_VALUE) {
            return Integer.MAX_VALUE;
        }
        return (int) Math.min(Integer.MAX_VALUE, r.totalCnt() / job.gpusPerTask());
    }

    /**
     * Tasks per chosen node ({@code _dist_tasks_compute_c_b}, select/cons_tres/dist_tasks.c, 24.11.5 and 26.05.5 alike):
     * one task per node first, then the rest of the cores already begun (a 2-thread core holds a second 1-CPU task),
     * then rounds of a whole core's worth per node ({@code vpus / cpus_per_task}, at least one), each node within the
     * CPUs it gives ({@link NodePick#cpus}, else what the core filter allows). Where the selection cut every node to
     * its share the rounds change nothing; where it did not (a {@code --segment} job's {@code rem_max_cpus} is
     * {@code max_cpus / segment_cnt}, no limit) the packing shows: own case blockfz35 k26 ({@code -N4 -n8 -c1
     * --gpus-per-node=2 --segment=1}, 26.05.5) runs 4 tasks on the 2-thread h1, 2 on m4 and one on each 1-thread u
     * node, and yamlfz30 y30 ({@code -N6 -n12 -c1 --segment=3}) 3 on d2 and one on the 1-thread g3.
     * {@code softGresLimit}: the GPUs' task limit may be dropped when the tasks do not fit (24.11 and 26.05, a GPU
     * job without {@code --gpus-per-task}); fewer tasks than {@code -n} in the answer is Slurm's
     * {@code ESLURM_BAD_TASK_COUNT} (own probe g9a: y1, y2, y4 and y6 wait in 24.11.5 and 26.05.5, y5 runs past
     * the limit).
     */
    static int[] distributeTasks(List<Integer> idx, List<SlurmNode> nodes, CoreFilter.Result[] results,
                                  NodePick sel, SlurmJobSpec job, boolean softGresLimit) {
        int[] tasks = new int[idx.size()];
        if (job.ntasksPerNode() != null) {
            // -O: dist_tasks lays one task a node (one_task_per_node), whatever --ntasks-per-node asked of the
            // node's free CPUs before (MinCpusPerNode; own probe c18a1 n1, every release: c2 CPU 3, t1 CPUs 0-1)
            Arrays.fill(tasks, job.overcommitTasks() != null ? 1 : job.ntasksPerNode());
            return tasks;
        }
        if (job.ntasks() == null) {
            Arrays.fill(tasks, 1);
            return tasks;
        }
        if (job.overcommitTasks() != null && job.gpusPerTask() == null && job.minCpus() == null) {
            // -O without a per-task TRES: one_task_per_node, so _dist_tasks_compute_c_b's first loop gives each
            // chosen node one task while tid < maxtasks (_get_task_count: num_tasks, the -n) and then sets maxtasks
            // to 0 (24.11.5, 26.05 cons_tres/dist_tasks.c). A node range's pick may take more nodes than -N's
            // minimum, which SlurmJobSpec.of lays out as the task count: each of them still gets its task (own
            // probe c22o1 r2, k4). A job OvercommitTaskLayout.held laid out with all its tasks (26.05's min_cpus of
            // -c x num_tasks beside --gpus-per-socket) keeps every task: -c is a per-task TRES there, so
            // one_task_per_node is off (own probe c24o3 k5, 26.05.5: two tasks of two CPUs, one a socket)
            for (int k = 0; k < idx.size() && k < job.overcommitTasks(); k++) {
                tasks[k] = 1;
            }
            return tasks;
        }
        int cpt = job.cpusPerTask();
        int[] cap = new int[idx.size()];
        int[] cpuCap = new int[idx.size()];
        for (int k = 0; k < idx.size(); k++) {
            int i = idx.get(k);
            // the GPUs' task limit too (dist_tasks: gres_task_limit past a node's first task, the tasks the
            // selection counted the node for or else its gres_max_tasks), which the CPUs no longer carry where
            // 24.11 kept the cores the GPUs' sockets need (own case fuzz14 f30: -w p1 -n5 -c1
            // --gpus-per-task=2 enforce-binding, p1 with 3 free GPUs keeps 2 CPUs but runs one task)
            cpuCap[k] = Math.max(1, sel.cpusOr(i, results[i].availCpus()) / cpt);
            cap[k] = Math.max(1, Math.min(cpuCap[k], sel.tasksOr(i, results[i].maxTasks())));
        }
        int left = job.ntasks();
        for (int k = 0; k < idx.size() && left > 0; k++) {
            tasks[k]++;
            left--;
        }
        // the rest of the cores already begun (a 2-thread core holds a second 1-CPU task)
        for (int k = 0; k < idx.size() && left > 0; k++) {
            int vpus = nodes.get(idx.get(k)).threadsPerCore();
            int begun = tasks[k] * cpt % vpus / cpt;
            for (int t = 0; t < begun && left > 0 && tasks[k] < cap[k]; t++) {
                tasks[k]++;
                left--;
            }
        }
        left = rounds(idx, nodes, cpt, tasks, cap, left);
        if (left > 0 && softGresLimit) {
            // _dist_tasks_compute_c_b (24.11.5, 26.05): a round that leaves no node room with tasks still to place
            // drops gres_task_limit when no GPU count is per task (gres_select_util_job_tres_per_task false: the
            // limit is then the node's gres_max_tasks, a soft one) and goes on with the CPUs alone; with
            // --gpus-per-task, or when the CPUs fall short too, the job fails (ESLURM_BAD_TASK_COUNT)
            rounds(idx, nodes, cpt, tasks, cpuCap, left);
        }
        return tasks;
    }

    /**
     * Rounds of a whole core's worth per node ({@code vpus / cpus_per_task}, at least one), each node up to its
     * {@code cap}, until a round places none; returns the tasks still to place.
     */
    private static int rounds(List<Integer> idx, List<SlurmNode> nodes, int cpt, int[] tasks, int[] cap, int left) {
        boolean progress = true;
        while (left > 0 && progress) {
            progress = false;
            for (int k = 0; k < idx.size() && left > 0; k++) {
                int perRound = Math.max(1, nodes.get(idx.get(k)).threadsPerCore() / cpt);
                for (int t = 0; t < perRound && left > 0 && tasks[k] < cap[k]; t++) {
                    tasks[k]++;
                    left--;
                    progress = true;
                }
            }
        }
        return left;
    }
}
