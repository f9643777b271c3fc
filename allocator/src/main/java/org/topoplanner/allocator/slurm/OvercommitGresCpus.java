package org.topoplanner.allocator.slurm;

/**
 * Slurm 24.11 and 26.05: how far {@code dist_tasks_gres_min_cpus} raises a node of an {@code -O} job with a GPU total
 * and {@code --cpus-per-gpu}. {@code eval_nodes_gres} ({@code topology/common/eval_nodes.c}) calls
 * {@code gres_sched_add} ({@code topology/common/gres_sched.c}) with {@code min_cpus = cpus_per_task} under overcommit
 * (without it, {@code cpus_per_task} times the node's tasks), and {@code gres_sched_add} lowers the node's
 * {@code avail_cpus} to {@code gres_cpus}, the CPUs of the GPUs it may credit
 * ({@code MIN(avail_cpus / cpus_per_gres, sock_data->total_cnt) * cpus_per_gres}), when that lies between
 * {@code min_cpus} and {@code avail_cpus}; {@code eval_nodes_gres} writes it to {@code avail_res->avail_cpus}.
 * {@code _dist_tasks_compute_c_b} ({@code cons_tres/dist_tasks.c}) lays out one task per node and then
 * {@code dist_tasks_gres_min_cpus} raises it to {@code gres_min_cpus} (the filter's required cores, which count
 * {@code num_tasks}' tasks) only as far as that count ("greater than avail_cpus": "Get as many cpus as we can").
 * Own probe c16d1 g4 ({@code -N1 -n8 --gpus=2 --cpus-per-gpu=2 -O} on an idle 8-core node with two GPUs a socket):
 * 24.11.5 and 26.05.5 give it CPUs 0,1,4,5 with GPUs 0 and 2, not the 8 CPUs its tasks' cores would ask.
 */
final class OvercommitGresCpus {
    private OvercommitGresCpus() {
    }

    /** The CPUs node {@code r} may be raised to for its GPUs: its filtered CPUs, or {@code gres_cpus} as above. */
    static int ceiling(CoreFilter.Result r, SlurmJobSpec job) {
        int avail = r.availCpus();
        Integer cpg = job.cpusPerGpu();
        if (job.overcommitTasks() == null || job.gpuTotal() == null || cpg == null || cpg <= 0) {
            return avail;
        }
        long gresCpus = Math.min((long) avail / cpg, r.gresCap()) * cpg;
        return gresCpus < avail && gresCpus > job.cpusPerTask() ? (int) gresCpus : avail;
    }
}
