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
 *   <li>on a block topology the same shapes, save {@code --ntasks-per-node} without {@code -O}, which own probe
 *       c25b1 k6 measured there ({@link #onBlocks}); before c25b1 every block shape but c24o2 k1's was refused.</li>
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
        // own probe c25o2 (o25b): --ntasks-per-node without -O placed by the tree's rules in 22.05.8, 24.11.5 and
        // 26.05.5 alike (p1-p10, every line), as c25b1 k6 on blocks
        return text(r, unmeasuredBeside(r, false));
    }

    /**
     * The refusal's text on a block topology, or null when the job is emulated. {@code eval_nodes_block}
     * ({@code topology/block/eval_nodes_block.c}, 24.11.5 and 26.05) tests each node with the same
     * {@code _can_job_run_on_node} socket list (cons_tres {@code job_test.c}), picks GPUs with the same
     * {@code eval_nodes_gres} / {@code gres_select_filter_sock_core} and ends with the same
     * {@code eval_nodes_clip_socket_cores} as the tree's {@code eval_nodes_tree.c}; the submit checks
     * ({@code gres_job_state_validate}, {@code interfaces/gres.c}) do not look at the topology. So the tree's rules
     * hold: own probe c25b1 k1-k11 (24.11.5, 26.05.5: {@code --sockets-per-node} 1 or 2, {@code -N2}, {@code -n4},
     * {@code --exclusive}, {@code -c2}, a busy node, refusals) and c24o2 k1 ({@code -O} beside
     * {@code --ntasks-per-node}), each as emulated on a tree. Beside {@code --ntasks-per-node} without {@code -O}
     * the pair is measured on blocks (c25b1 k6, {@code -N1 --ntasks-per-node=2 --sockets-per-node=2}: two tasks,
     * g1 CPUs 0, 4 and GPUs 0, 2, as k1 without it), so only the other unmeasured shapes stay refused.
     */
    static String onBlocks(JobRequest r) {
        return text(r, unmeasuredBeside(r, true));
    }

    private static String text(JobRequest r, String beside) {
        return beside == null ? null : "--gpus-per-socket=" + r.gpusPerSocket() + " beside " + beside
                + " changes where Slurm places the job and is not emulated (no measured line has the pair)";
    }

    /**
     * The option beside {@code --gpus-per-socket} that no measured line covers, or null (also without the option).
     * {@code --ntasks-per-node} without {@code -O} is measured on blocks (c25b1 k6) and on a tree (own probe c25o2
     * p1-p10, every release: the tree's rules place it), so it is no longer refused on either.
     */
    @SuppressWarnings("unused")
    private static String unmeasuredBeside(JobRequest r, boolean blocks) {
        if (r.gpusPerSocket() == null) {
            return null;
        }
        return r.gpus() != null ? "--gpus" : r.gpusPerNode() != null ? "--gpus-per-node"
                : r.gpusPerTask() != null ? "--gpus-per-task"
                : r.ntasksPerSocket() != null ? "--ntasks-per-socket"
                : r.memPerGpuMiB() != null ? "--mem-per-gpu"
                : r.maxNodes() != null && !r.maxNodes().equals(r.minNodes()) ? "a node range (-N min-max)" : null;
    }
}
