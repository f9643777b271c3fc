package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;

/**
 * The {@code --gpus-per-socket} shapes no measured line covers, refused naming the option and the shape rather than
 * placed by a guess. What is emulated ({@link PerSocketGres}, {@link CoreFilter}, {@link SchedWeight},
 * {@link SocketGpuPick}, the task count of {@link SlurmJobSpec#of}) matches every measured line of own cases g9b
 * s1-s10, sb7a s1-s10 and c11f1 e1-e10, f1-f7 in 22.05.8, 24.11.5 and 26.05.5 (one and two nodes, -n, -c, enforce-binding,
 * {@code --cpus-per-gpu}, idle and busy nodes; PROVENANCE g12c). Refused:
 *
 * <ul>
 *   <li>beside another GPU count ({@code --gpus}, {@code --gpus-per-node}, {@code --gpus-per-task}):
 *       {@code gres_job_state_validate} then ties the counts together (a per-node count a multiple of the per-socket
 *       one, ...), not read;</li>
 *   <li>beside {@code --ntasks-per-node} without {@code -O}, {@code --ntasks-per-socket}, {@code --mem-per-gpu} or a
 *       node range ({@code -N2-3}): no line measured them with the option. Under {@code -O} the pair with
 *       {@code --ntasks-per-node} is measured (own probe c24o1 k1, every release: one task's CPU 0 and one GPU a
 *       socket, as emulated; the node test asks {@code ntasks_per_node} tasks' CPUs, {@link Overcommit});</li>
 *   <li>on a block topology: no block case measured the option but beside {@code --ntasks-per-node} under
 *       {@code -O} (own probe c24o2 k1, 24.11.5 and 26.05.5, as c24o1 k1 on a tree).</li>
 * </ul>
 *
 * <p>Beside {@code --exclusive} the option is emulated: the job takes whole nodes where the GRES socket test passes
 * ({@code PassFilter.exclusive}; {@code _can_job_run_on_node} builds the socket list for a whole-node job too, cons_tres
 * {@code job_test.c} in all three releases). Own probe c20e1 e1-e6, e10 (22.05.8, 24.11.5, 26.05.5) and lead case
 * featfz10 f20, f31, f66 (accepted and waiting where this refusal had them rejected).
 */
final class PerSocketGpuRefusal {
    private PerSocketGpuRefusal() {
    }

    /** The refusal's text on a tree (or flat) topology, or null when the job is emulated. */
    static String onTree(JobRequest r) {
        if (r.gpusPerSocket() == null) {
            return null;
        }
        String beside = r.gpus() != null ? "--gpus" : r.gpusPerNode() != null ? "--gpus-per-node"
                : r.gpusPerTask() != null ? "--gpus-per-task"
                : r.ntasksPerNode() != null && !r.overcommit() ? "--ntasks-per-node"
                : r.ntasksPerSocket() != null ? "--ntasks-per-socket"
                : r.memPerGpuMiB() != null ? "--mem-per-gpu"
                : r.maxNodes() != null && !r.maxNodes().equals(r.minNodes()) ? "a node range (-N min-max)" : null;
        return beside == null ? null : "--gpus-per-socket=" + r.gpusPerSocket() + " beside " + beside
                + " changes where Slurm places the job and is not emulated (no measured line has the pair)";
    }

    /**
     * The refusal's text on a block topology, or null without the option or under {@code -O} beside
     * {@code --ntasks-per-node}: {@code eval_nodes_block} ({@code topology/block/eval_nodes_block.c}, 24.11.5 and
     * 26.05) tests each node with the same {@code _can_job_run_on_node} socket list and lays out the same one task
     * as the tree (own probe c24o2 k1, {@code -N1 --ntasks-per-node=2 --sockets-per-node=2 --gpus-per-socket=1 -O}:
     * g1 CPU 0 GPUs 0, 2 in 24.11.5 and 26.05.5, as c24o1 k1 on a tree).
     */
    static String onBlocks(JobRequest r) {
        return r.gpusPerSocket() == null || r.overcommit() && r.ntasksPerNode() != null ? null
                : "--gpus-per-socket=" + r.gpusPerSocket() + " changes where Slurm places the job and is not emulated"
                        + " on a block topology (no block case measured it but under -O beside --ntasks-per-node)";
    }
}
