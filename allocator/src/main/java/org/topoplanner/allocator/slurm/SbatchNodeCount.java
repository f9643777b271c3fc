package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;

/**
 * The node count {@code sbatch} sends for a job with both {@code -N} and {@code -n}: {@code _opt_verify}
 * ({@code src/sbatch/opt.c}, 22.05.8, 24.11.5 and 26.05, "else if (opt.nodes_set &amp;&amp; opt.ntasks_set)") lowers
 * {@code max_nodes} to the task count and, with fewer tasks than {@code min_nodes}, warns "can't run 1 processes on
 * 2 nodes, setting nnodes to 1" and sets both to the task count. slurmctld never sees the larger count, so every
 * partition limit ({@code _valid_job_part}, {@code job_limits_check}, {@code get_node_cnts}) tests the lowered one:
 * own case featfz13 f25 ({@code -p fat,short -N2 -n1} with fat {@code MaxNodes=1} tried first) waits
 * {@code Priority} at submission in every release, not {@code PartitionNodeLimit}. The {@code -w} list is left as
 * it is ({@link SbatchNodeList} and {@link NodeListPool} treat it per release).
 */
final class SbatchNodeCount {
    private SbatchNodeCount() {
    }

    /** {@code request} with the node range sbatch sends; unchanged without both {@code -N} and {@code -n}. */
    static JobRequest sent(JobRequest request) {
        if (request.minNodes() == null || request.ntasks() == null || request.ntasks() <= 0) {
            return request;
        }
        int tasks = request.ntasks();
        if (tasks < request.minNodes()) {
            return request.toBuilder().nodes(tasks, tasks).build();
        }
        if (request.maxNodes() != null && tasks < request.maxNodes()) {
            return request.toBuilder().nodes(request.minNodes(), tasks).build();
        }
        return request;
    }
}
