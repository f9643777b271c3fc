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
        if (!r.nodelist().isEmpty() || r.gpus() == null || r.gpus() <= 0) {
            return null;
        }
        int nodes = sentMinNodes(r, version);
        return nodes > 0 && r.gpus() < nodes ? "Failed to validate job spec, --gpus < -N" : null;
    }

    /**
     * The job as slurmctld holds it with the node count sbatch sent: {@code min_nodes} raised to the tasks' nodes,
     * {@code max_nodes} left unset (no {@code -N}). The topology step starts its {@code min_rem_nodes} from it
     * ({@code eval_nodes_tree.c}), which {@code gres_filter_sock_core}'s {@code _set_max_gres} reads as the nodes
     * still to come: each keeps one GPU of a {@code --gpus=N} count back for every further node, so a node offers
     * {@code N - (min_nodes - 1)} GPUs, not N. Own probe g9c z5 ({@code -n6 --ntasks-per-node=1 --gpus=6}): u1,
     * whose four GPUs have no {@code Cores=}, offers one, its core count needed falls to one, and the filter's spread
     * empties socket 0 first (the fuller socket on a tie, "Clear extra avail_core bits"): CPU 16 in 24.11.5 and
     * 26.05.5 (22.05.8's CPU 16 comes from its own filter with min_nodes 1).
     */
    static SlurmJobSpec sent(SlurmJobSpec job, JobRequest r, SlurmVersion version) {
        int nodes = sentMinNodes(r, version);
        return nodes > job.minNodes() ? job.withMinNodes(nodes) : job;
    }

    /** The raised {@code min_nodes} of {@code slurm_opt_create_job_desc} (24.11, 26.05), or 0 when none is sent. */
    private static int sentMinNodes(JobRequest r, SlurmVersion version) {
        if (!version.atLeast(SlurmVersion.V24_11) || r.minNodes() != null || r.ntasks() == null || r.ntasks() <= 0
                || r.ntasksPerNode() == null || r.ntasksPerNode() <= 0) {
            return 0;
        }
        return (r.ntasks() + r.ntasksPerNode() - 1) / r.ntasksPerNode();
    }
}
