package org.topoplanner.allocator.slurm;

import java.util.Set;
import org.topoplanner.allocator.ClusterState;

/**
 * {@code nodes_busy} of {@code _pick_best_nodes} ({@code slurmctld/node_scheduler.c}, the same lines in 22.05.8 and
 * 24.11.5): set when the share filter ({@code share_node_bitmap}, which leaves out nodes a running job holds whole)
 * takes a node out of one of the job's node sets. Those sets are built by {@code _build_node_list} from
 * {@code usable_node_mask}, from which the job's {@code -x} nodes were cleared first
 * ({@code bit_and_not(usable_node_mask, detail_ptr->exc_node_bitmap)}), so a node the job excludes is never counted
 * busy, held whole or not. With {@code nodes_busy} false, a pick that succeeds only with more nodes than
 * {@code max_nodes} gives {@code ESLURM_NODE_NOT_AVAIL} ("ReqNodeNotAvail, May be reserved for other job"). Lead
 * batch fuzz79 p23 ({@code -x a2 -N2 -n2 -c1 --gpus=11} enforce-binding while an {@code --exclusive} job holds a2):
 * 24.11.5 reads that reason at submission.
 *
 * <p>An {@code --exclusive} job is not shared ({@code _resolve_shared_status}: {@code WHOLE_NODE_REQUIRED} gives
 * {@code shared} 0), so its node sets are filtered by {@code idle_node_bitmap} instead, and any node running a job,
 * shared or not, is passed over as busy. Then {@code ESLURM_NODE_NOT_AVAIL} is never the answer; with {@code -w}
 * nodes not all idle it is {@code ESLURM_NODES_BUSY} ({@code Resources}). Own probe c20h1 h6 ({@code -w a4 -N2
 * --gpus=5 --ntasks-per-gpu=1 --exclusive} with a one-CPU job on a4): 22.05.8 and 24.11.5 {@code Resources}.
 */
final class NodesBusy {
    private NodesBusy() {
    }

    /**
     * Whether a node of the job's node sets (every node but its {@code -x} ones) is passed over as busy: held whole
     * by a running job, or, for an {@code --exclusive} job, running any job.
     */
    static boolean any(ClusterState state, SlurmJobSpec job) {
        Set<String> excluded = Set.copyOf(job.exclude());
        return state.cluster().hostNames().stream().filter(h -> !excluded.contains(h))
                .anyMatch(h -> job.exclusive() ? !state.isIdle(h) : state.heldWhole(h));
    }
}
