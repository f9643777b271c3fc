package org.topoplanner.allocator.slurm;

import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The CPU counts Slurm keeps for a job, one per variable and named as in Slurm, so that each reader takes the figure
 * Slurm's reader takes. Where a partition's {@code DefCpuPerGPU} enters is the point: {@code _set_gpu_defaults}
 * ({@code job_test.c}: 22.05 {@code select/cons_common}, 24.11 and 26.05 {@code select/cons_tres}) runs in
 * {@code _job_test}, long after submission, and stores the default in {@code gres_js->def_cpus_per_gres} only
 * ({@link DefCpuPerGpu}). So
 * <ul>
 * <li>{@code details->min_cpus} ({@link #minCpus}), set at submission, never holds it: 24.11's and 26.05's
 * {@code gres_job_state_validate} raise it from the job's own {@code cpus_per_tres} alone ({@code tmp_min_cpus}),
 * and the tree's, block's and flat evaluations start {@code rem_cpus} from it ({@code _eval_nodes_topo},
 * {@code eval_nodes_tree.c}, {@code eval_nodes_block.c}, {@code _eval_nodes}), as 26.05's one-node test
 * ({@code common_test_node}: {@code min_cpus > avail_cpus}) does;</li>
 * <li>{@code details->min_job_gres_cpu} ({@link #minJobGresCpu}) and {@code min_gres_cpu}
 * ({@link CpusToUse#minGresCpus}), set by {@code _job_test} right after {@code _set_gpu_defaults} from
 * {@code gres_select_util_job_min_cpus} / {@code _min_cpu_node}, fall back to {@code def_cpus_per_gres}: they hold it
 * and reach the selection through {@code rem_max_cpus} ({@link CpusToUse#initialBudget});</li>
 * <li>{@code job_res->ncpus} ({@link #ncpusFloor}) takes {@code gres_select_util_job_min_cpus} again over the chosen
 * hosts and the job's tasks, the default with it.</li>
 * </ul>
 * Own probe c26e1 e3, e4, e7 (24.11.5): with the default's 9 or 18 CPUs in {@code rem_cpus} no switch of one or two
 * 8-CPU nodes passes the top-switch test and the job would be worded "topology"; real Slurm finds the switch and
 * fails on the GPUs ("node"). The other two hold it: the lead's s26 trial of {@code min_cpus} without the default
 * in every reader, these two included, moved c25u1 d1, d2 and c26u1 c1 (22.05.8, 26.05.5) the wrong way.
 */
final class JobCpuCounts {
    private JobCpuCounts() {
    }

    /**
     * {@code details->min_cpus}: the tasks' CPUs (or the figure the job keeps apart, {@link SlurmJobSpec#minCpus()}),
     * raised in 24.11 and 26.05 to the job's own {@code --cpus-per-gpu} times {@code total_gres}
     * ({@code gres_job_state_validate}, {@code tmp_min_cpus}). 22.05's {@code gres_job_state_validate}
     * ({@code common/gres.c}) has no {@code min_cpus} parameter, so there no GPU figure raises it; what the own figure
     * does there, 22.05's {@code gres_sched_add} does node by node ({@link TreeProgress}: a node counts
     * {@code avail_cpus / cpus_per_gres} GPUs of what {@code _cpus_to_use} gave it, own case fuzz98 p32). No release
     * raises it to a partition's {@code DefCpuPerGPU}.
     *
     * <p>One approximation, open. A {@code --gpus-per-task} job without {@code -c} counts its
     * tasks at the CPUs per task its CPUs per GPU make ({@link SlurmJobSpec#of}; {@code _set_gpu_defaults} for the
     * default), where sbatch's {@code min_cpus} counted one CPU a task (22.05, and the default in every release):
     * Slurm's {@code rem_max_cpus} is then below the tasks' CPUs and the nodes keep their GPUs' CPUs through floors the
     * tree's {@code _cpus_to_use} does not model (24.11 {@code avail_res->gres_min_cpus},
     * {@code dist_tasks_gres_min_cpus}); own probe c27c1 q1-q4, u1 get 6 CPUs a node in every release.
     */
    static int minCpus(SlurmJobSpec job, SlurmVersion version) {
        Integer own = job.ownCpusPerGpu();
        if (own == null || version == SlurmVersion.V22_05) {
            return tasksCpus(job);
        }
        // total_gres: the largest of the counts the job names (gres_job_state_validate)
        long gpus = Math.max(job.gpusPerJob() == null ? 0 : job.gpusPerJob(),
                Math.max(job.gpusPerNode() == null ? 0 : (long) job.gpusPerNode() * job.minNodes(),
                        Math.max(job.gpusPerSocket() == null ? 0
                                        : (long) job.gpusPerSocket() * job.socketsPerNode() * job.minNodes(),
                                job.gpusPerTask() == null ? 0 : (long) job.gpusPerTask() * tasks(job))));
        return (int) Math.max(tasksCpus(job), gpus * own);
    }

    /**
     * {@code details->min_job_gres_cpu}: {@code gres_select_util_job_min_cpus(min_nodes, sockets_per_node,
     * MAX(ntasks_per_node, 1) x min_nodes)} at the CPUs per GPU the select plugin sees (the default included).
     */
    static int minJobGresCpu(SlurmJobSpec job) {
        int ntasksPerNode = job.ntasksPerNode() == null ? 1 : Math.max(job.ntasksPerNode(), 1);
        return gpuCpus(job, job.cpusPerGpu(), job.minNodes(), ntasksPerNode * job.minNodes());
    }

    /**
     * The least {@code job_res->ncpus} of {@code _job_test} on {@code hosts} chosen nodes: {@code details->min_cpus},
     * then {@code gres_select_util_job_min_cpus(nhosts, sockets_per_node, num_tasks)} at the CPUs per GPU the select
     * plugin sees (the default included).
     */
    static int ncpusFloor(SlurmJobSpec job, int hosts, SlurmVersion version) {
        return Math.max(minCpus(job, version), gpuCpus(job, job.cpusPerGpu(), hosts, tasks(job)));
    }

    private static int tasks(SlurmJobSpec job) {
        return job.ntasks() != null ? job.ntasks()
                : job.ntasksPerNode() != null ? job.ntasksPerNode() * job.minNodes() : job.minNodes();
    }

    private static int tasksCpus(SlurmJobSpec job) {
        return job.minCpus() != null ? job.minCpus() : tasks(job) * job.cpusPerTask();
    }

    /**
     * {@code cpusPerGpu} times the GPUs {@code gres_select_util_job_min_cpus} counts ({@code gres_per_job}, else
     * per node x {@code nodes}, per socket x sockets x {@code nodes}, per task x {@code tasks}); 0 without a figure.
     */
    private static int gpuCpus(SlurmJobSpec job, Integer cpusPerGpu, int nodes, int tasks) {
        if (cpusPerGpu == null) {
            return 0;
        }
        int gpus = job.gpusPerJob() != null ? job.gpusPerJob()
                : job.gpusPerNode() != null ? job.gpusPerNode() * nodes
                : job.gpusPerSocket() != null ? job.gpusPerSocket() * job.socketsPerNode() * nodes
                : job.gpusPerTask() != null ? job.gpusPerTask() * tasks : 0;
        return gpus * cpusPerGpu;
    }
}
