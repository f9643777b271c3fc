package org.topoplanner.allocator.replay;

import java.util.Optional;
import org.topoplanner.model.job.Placement;

/**
 * The node a batch job's script runs on, which is the node of a cancelled job still COMPLETING after the others left.
 *
 * <p>{@code pick_batch_host} ({@code node_scheduler.c}, 22.05.8, 24.11.5, 26.05) runs the script on the first node of
 * the allocation ({@code bit_ffs(node_bitmap)}: node order, whatever order {@code -w} named them in) unless the job
 * asks {@code --batch} features, which no case does. On a cancel, {@code deallocate_nodes} sends every node
 * {@code REQUEST_TERMINATE_JOB} in one agent; a node with no running step and no Epilog answers it with
 * {@code ESLURMD_KILL_JOB_ALREADY_COMPLETE} ({@code _rpc_terminate_job}, {@code slurmd/req.c}) and the agent
 * ({@code _thread_per_group_rpc}, {@code agent.c}) calls {@code job_epilog_complete} for it at once, while the batch
 * host first has the script's step to kill and only then sends {@code MESSAGE_EPILOG_COMPLETE}
 * ({@code _slurm_rpc_epilog_complete}, whose {@code schedule(false)} is the epilog's pass). Measured (probe c21q1, q21p,
 * {@code ORACLE_TIMED_EPILOG=1}): in every cancel of every run, 24.11.5, 26.05.5 and 22.05.8, the only epilog message
 * came from the first node, 18-215 ms after the kill RPC, after the agent had freed all the others together (7-72
 * ms).
 */
final class BatchHost {
    private BatchHost() {
    }

    /** The first node of the placement (placements list their hosts in node order, as {@code SlurmNode} sorts them). */
    static Optional<String> of(Placement placement) {
        if (placement == null || placement.hosts().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(placement.hosts().get(0).host());
    }
}
