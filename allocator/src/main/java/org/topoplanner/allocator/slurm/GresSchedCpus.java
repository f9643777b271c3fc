package org.topoplanner.allocator.slurm;

/**
 * Slurm 24.11 and 26.05: how far {@code dist_tasks_gres_min_cpus} raises a node of a job with a GPU total and
 * {@code --cpus-per-gpu}. {@code eval_nodes_gres} ({@code topology/common/eval_nodes.c}) calls {@code gres_sched_add}
 * ({@code topology/common/gres_sched.c}) with {@code min_cpus} = {@code cpus_per_task} times the tasks it counted on
 * the node ({@code used_tasks}; under overcommit {@code cpus_per_task} alone), at least {@code pn_min_cpus}, and
 * {@code gres_sched_add} lowers the node's {@code avail_cpus} to {@code gres_cpus}, the CPUs of the GPUs it may credit
 * ({@code MIN(avail_cpus / cpus_per_gres, sock_data->total_cnt) * cpus_per_gres}, taken before the job's remaining
 * count caps the credit), when that lies strictly between {@code min_cpus} and {@code avail_cpus};
 * {@code eval_nodes_gres} writes it to {@code avail_res->avail_cpus}, {@code _job_test} copies that into
 * {@code job_res->cpus}, and {@code dist_tasks_gres_min_cpus} ({@code cons_tres/dist_tasks.c}) raises the node to
 * {@code gres_min_cpus} (the filter's required cores) only as far as that count ("greater than avail_cpus": "Get as
 * many cpus as we can"). The same code in 24.11.5 and 26.05.5.
 *
 * <p>Own probe c16d1 g4 ({@code -N1 -n8 --gpus=2 --cpus-per-gpu=2 -O} on an idle 8-core node with two GPUs a socket):
 * 24.11.5 and 26.05.5 give it CPUs 0,1,4,5 with GPUs 0 and 2, not the 8 CPUs its tasks' cores would ask. Own probe
 * c28d1 p4 (fuzz121's p4, {@code --nodes=2 --gpus=3 --cpus-per-gpu=1} enforce-binding, 26.05.5 with
 * {@code DebugFlags=SelectType}): h1 keeps cores 1 and 9 (one free GPU on each socket, {@code gres_min_cpus} 4), its
 * one task asks {@code min_cpus} 1, {@code gres_cpus} is 2 GPUs x 1 = 2, so {@code job_res->cpus} is 2 and the
 * cyclic layout keeps one core (CPUs 2,3, then GPU 1 beside it), where the raise to 4 would keep both.
 */
final class GresSchedCpus {
    private GresSchedCpus() {
    }

    /**
     * The CPUs node {@code r} may be raised to for its GPUs: its filtered CPUs, or {@code gres_cpus} as above;
     * {@code usedTasks} is the tasks the selection counted on it.
     */
    static int ceiling(CoreFilter.Result r, int usedTasks, SlurmJobSpec job) {
        int given = r.availCpus();
        Integer cpg = job.ownCpusPerGpu();
        if (job.gpuTotal() == null || cpg == null || cpg <= 0) {
            return given;
        }
        long minCpus = job.overcommitTasks() != null ? job.cpusPerTask() : (long) job.cpusPerTask() * usedTasks;
        minCpus = Math.max(minCpus, job.pnMinCpus());
        long gresCpus = Math.min((long) given / cpg, r.gresCap()) * cpg;
        return gresCpus > 0 && gresCpus < given && gresCpus > minCpus ? (int) gresCpus : given;
    }
}
