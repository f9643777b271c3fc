package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The node count sbatch 24.11 and 26.05 send for a job with {@code -n} and {@code --ntasks-per-node} but no
 * {@code -N} ({@code common/slurm_opt.c} {@code slurm_opt_create_job_desc}: {@code min_nodes = num_tasks /
 * ntasks_per_node}, rounded up; 22.05.8's has no such branch), and slurmctld's refusal of a GPU total below it
 * ({@code gres_job_state_validate}: "Failed to validate job spec, --gpus < -N"). Own probe g9c z4
 * ({@code -n6 --ntasks-per-node=1 --gpus=2}): refused at submission by 24.11.5 and 26.05.5, run on six nodes by
 * 22.05.8.
 */
final class SbatchTaskNodeCount {
    private SbatchTaskNodeCount() {
    }

    /** The refusal's text, or null when the job is not refused this way under {@code version}. */
    static String refusal(JobRequest r, SlurmVersion version) {
        if (!version.atLeast(SlurmVersion.V24_11) || r.minNodes() != null || !r.nodelist().isEmpty()
                || r.ntasks() == null || r.ntasks() <= 0 || r.ntasksPerNode() == null || r.ntasksPerNode() <= 0
                || r.gpus() == null || r.gpus() <= 0) {
            return null;
        }
        int nodes = (r.ntasks() + r.ntasksPerNode() - 1) / r.ntasksPerNode();
        return r.gpus() < nodes ? "Failed to validate job spec, --gpus < -N" : null;
    }
}
