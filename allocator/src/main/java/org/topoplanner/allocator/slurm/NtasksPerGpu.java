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
     * tasks on a one-node minimum, else the task count over the minimum node count. 24.11 and 26.05
     * ({@code topology/common/eval_nodes.c} {@code eval_nodes_select_cores}): that share only when the minimum and
     * maximum node counts are equal, else from k to all of them.
     */
    static int[] taskLimits(SlurmJobSpec job, SlurmVersion version) {
        int tasks = job.ntasks();
        if (version == SlurmVersion.V22_05) {
            int each = job.minNodes() == 1 ? tasks : tasks / job.minNodes();
            return new int[] {each, each};
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
