package org.topoplanner.allocator.slurm;

import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The tasks one node must take for {@code --ntasks-per-gpu}, once slurmctld has made the task count the job's GPUs
 * times it ({@link org.topoplanner.model.job.JobRequest#withTasksOfNtasksPerGpu}, {@link SlurmJobSpec#of}).
 */
final class NtasksPerGpu {
    private NtasksPerGpu() {
    }

    /**
     * The tasks one node must take, Slurm's {@code _select_cores} branch for {@code ntasks_per_tres} ("Node ranges
     * not allowed with --ntasks-per-gpu"), {@code {min, max}}. 22.05 ({@code select/cons_tres/job_test.c}): all the
     * tasks on a one-node minimum, else the task count over the minimum node count, the job's own
     * ({@code details->min_nodes}, {@link SlurmJobSpec#ownMinNodes}). 24.11 and 26.05
     * ({@code topology/common/eval_nodes.c} {@code eval_nodes_select_cores}): that share only when the minimum and
     * maximum node counts are equal, else from k to all of them.
     */
    static int[] taskLimits(SlurmJobSpec job, SlurmVersion version) {
        int tasks = job.ntasks();
        if (version == SlurmVersion.V22_05) {
            // details->min_nodes, not the pick's: a list's record past its partition's MinNodes keeps the list's
            // lowest (SlurmJobSpec.ownMinNodes), so each node must hold every task there (own probe c28f1 p1, -p
            // all,mix --gpus=6 --ntasks-per-gpu=1 -c2: "never runnable in partition mix" at submission, 22.05.8,
            // where -p mix -N2 runs, p2)
            int own = job.ownMinNodes();
            int each = own == 1 ? tasks : tasks / own;
            return new int[] {each, each};
        }
        // -O: eval_nodes_select_cores reads details->num_tasks, every task of the GPUs (gres_job_state_validate),
        // not the one task a node the layout keeps (SlurmJobSpec#of cuts ntasks for it). So a node keeps
        // gres_max_tasks for them all, and eval_nodes_gres' _reduce_res_cores, not this filter, leaves it no GPU
        // (TreeProgress): own probe c25u1 p5 (-O -N1 --gpus=1 --ntasks-per-gpu=2 -c2), 24.11.5 "topology" as p6
        // without -O, where the cut task count refused it here, "node". 22.05 left as it was (its lines match)
        if (job.boundingTasks() != null) {
            tasks = job.boundingTasks();
        }
        Integer max = job.maxNodes();
        if (max == null && version.atLeast(SlurmVersion.V26_05)) {
            // 26.05's slurmctld sets an absent maximum to the task count (JOB_IMPLICIT_MAX_NODES, job_mgr.c)
            max = tasks;
        }
        if (max != null && max == job.minNodes()) {
            int each = tasks / job.minNodes();
            return new int[] {each, each};
        }
        return new int[] {job.ntasksPerGpu(), tasks};
    }
}
