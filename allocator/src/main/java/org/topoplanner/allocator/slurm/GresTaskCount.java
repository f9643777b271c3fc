package org.topoplanner.allocator.slurm;

/**
 * The tasks {@code eval_nodes_gres} (24.11/26.05 {@code topology/common/eval_nodes.c}) counts a node for, and the GPUs
 * those tasks leave it, the same for the tree ({@link TreeProgress}) and the block plugin ({@link BlockSelector}): both
 * reach it through {@code eval_nodes_cpus_to_use}. The node is counted for the job's remaining tasks
 * ({@code maxtasks}) less one kept back for each further node ({@code save_tasks = rem_nodes - 1}), bounded by its CPUs
 * over {@code -c} except under {@code -O} ("if (!details_ptr->overcommit)"), at least one; below the node's
 * {@code gres_max_tasks} {@code _reduce_res_core_by_task_cnt} -> {@code _reduce_res_cores} cuts the node's
 * {@code sock_gres->total_cnt}, all {@code gres_sched_add} then credits: to {@code maxtasks x gres_per_task} for an
 * {@code -O --gpus-per-task} job, to {@code maxtasks / ntasks_per_gres} whole GPUs (and the tasks to that many GPUs'
 * tasks) for {@code --ntasks-per-gpu}. A count of no task makes {@code use_node} false: the callers' loops skip the
 * node ({@code continue}) without lowering any count.
 *
 * @param tasks  the tasks counted ({@code used_tasks}), no more than {@code gres_max_tasks}
 * @param gpus   the GPUs the count leaves the node, {@link Long#MAX_VALUE} where it cuts none
 * @param unused whether {@code use_node} is false: a {@code --ntasks-per-gpu} count below one GPU's tasks
 */
record GresTaskCount(int tasks, long gpus, boolean unused) {

    /**
     * Whether {@code eval_nodes_cpus_to_use} ends in {@code eval_nodes_gres}' task count for {@code job}'s shape: a
     * task count given, and an {@code --exclusive} job only with {@code --ntasks-per-gpu} (it jumps past the CPU cut
     * for {@code WHOLE_NODE_REQUIRED} straight into {@code eval_nodes_gres}, 24.11.5 and 26.05, tree and block alike).
     * The callers add the release and the GPU total.
     */
    static boolean countsTasks(SlurmJobSpec job) {
        return (!job.exclusive() || job.ntasksPerGpu() != null) && job.ntasks() != null;
    }

    /**
     * {@code maxtasks} at the start of an evaluation, {@code eval_nodes_set_max_tasks(rem_max_cpus)}
     * (24.11/26.05 {@code topology/common/eval_nodes.c}): the CPUs over {@code -c}, undivided under {@code -O}.
     */
    static long maxTasks(SlurmJobSpec job, long remMaxCpus) {
        return job.cpusPerTask() > 1 && job.overcommitTasks() == null ? remMaxCpus / job.cpusPerTask() : remMaxCpus;
    }

    /**
     * The count of a node that was given {@code given} CPUs with {@code taskBudget} tasks ({@code maxtasks}) left and
     * {@code remNodes} nodes (this one included) still to come; {@code gresMaxTasks} is the node's
     * {@code gres_max_tasks} from the core filter.
     */
    static GresTaskCount of(SlurmJobSpec job, long taskBudget, int remNodes, int given, int gresMaxTasks) {
        long save = Math.max(remNodes - 1, 0);
        // Slurm's "*max_tasks -= save_tasks" is unsigned (uint64_t) and wraps where maxtasks < save_tasks; here a
        // budget below save counts as none left, which "*max_tasks = MAX(*max_tasks, 1)" makes one task. The
        // budget falls below save only once the job's min_rem_nodes is spent (save 0) and a node added for the
        // GPU total takes that one task: Slurm keeps maxtasks at 0 (max_tasks was raised to 1 before used_tasks
        // came off) where the budget here goes below 0; both count one task, as the stored replays show (every
        // budget below save there has save 0). The true wrap needs maxtasks below min_nodes - 1 when the
        // evaluation starts, and a job with a task count cannot have that: num_tasks >= min_nodes (sbatch lowers
        // -N to -n, and --ntasks-per-gpu gives num_tasks = gpus x n with gpus >= min_nodes, "--gpus <
        // -N" refused by _test_gres_cnt), min_cpus >= cpus_per_task x num_tasks (gres_job_state_validate, and
        // _valid_pn_min_mem again where MaxMemPerCPU raises -c), and under -O maxtasks is min_cpus undivided,
        // at least min_nodes (slurm_opt "MAX(min_nodes, 1)"). Without a task count (countsTasks false, nothing
        // counted here) it can wrap: own probe c28g1 w1, -N5 --gpus=11 --cpus-per-gpu=1 with MaxMemPerCPU raising
        // -c to 3, min_cpus 11, maxtasks 3 under save_tasks 4; real 24.11.5 and 26.05.5 place it as w2 (-n5, no
        // wrap) and as this model does, since the count reaches only gres_sched_add's min_cpus there
        long left = Math.max(taskBudget - save, 0);
        boolean overcommit = job.overcommitTasks() != null;
        long used = Math.max(1, overcommit ? left : Math.min(left, given / Math.max(1, job.cpusPerTask())));
        long gpus = Long.MAX_VALUE;
        boolean unused = false;
        if (overcommit && job.gpusPerTask() != null && used < gresMaxTasks) {
            // "max_gres = *maxtasks * gres_per_task" (OvercommitTaskLayout)
            gpus = used * job.gpusPerTask();
        }
        if (job.ntasksPerGpu() != null && used < gresMaxTasks) {
            // "max_gres = *maxtasks / ntasks_per_gres; *maxtasks = max_gres * ntasks_per_gres": a node whose CPUs
            // min_cpus cut to one task's offers one GPU (gp8a a5, -w q1 --gpus=3 --ntasks-per-gpu=1 -c3 with
            // min_cpus 3: one GPU of three, refused by 24.11.5; NtasksPerGpuMinCpus)
            long maxGres = used / job.ntasksPerGpu();
            used = maxGres * job.ntasksPerGpu();
            gpus = maxGres;
            unused = used == 0;
        }
        return new GresTaskCount((int) Math.min(used, gresMaxTasks), gpus, unused);
    }
}
