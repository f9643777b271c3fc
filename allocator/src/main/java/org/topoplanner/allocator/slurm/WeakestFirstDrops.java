package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import java.util.Comparator;
import org.topoplanner.allocator.slurm.NodeChooser.Demand;

/**
 * Which node leaves the node map in Slurm 26.05's retry of a failed topology evaluation on fewer nodes
 * ({@code common_topo_choose_nodes} in {@code topology/common/common_topo.c}, "to avoid a possible knapsack
 * problem"), the same for tree and block: the usable nodes that are not required, sorted once weakest first by
 * available CPUs times the GPUs the node has free for the job, not capped at the per-node request ({@code _cmp_res} on
 * {@code avail_res_prod}, cons_tres's {@code avail_cpus} times {@code avail_gpus}; a stable sort, so index order on a
 * tie); after a failure that named nodes ({@code EVAL_ACTION_RETRY_HINT} with its map) the weakest of those leaves,
 * otherwise the weakest node still in the map. What ends the loop and what runs between drops is the caller's
 * ({@link TreeSelector}, {@link BlockSelector}).
 */
final class WeakestFirstDrops {
    private final BitSet left;
    private final int[] sorted;
    private int next;
    /** Whether nodes before {@code next} in the order may already be gone (a hint or another rule removed them). */
    private boolean mayBeGone;

    /** The drop order of {@code left}'s nodes; {@link #drop} clears them from {@code left} itself. */
    WeakestFirstDrops(BitSet left, BitSet required, SlurmJobSpec job, Demand demand) {
        this.left = left;
        boolean gpus = job.gpusPerNode() != null || job.gpuTotal() != null;
        this.sorted = left.stream()
                .filter(i -> !required.get(i) && demand.availCpus(i) > 0)
                .boxed()
                .sorted(Comparator.comparingLong(i -> (long) nodeCpus(demand, job, i)
                        * (gpus ? Math.max(0, demand.nodeGpus(i)) : 1)))
                .mapToInt(Integer::intValue).toArray();
    }

    /**
     * cons_tres's {@code avail_res->avail_cpus} as {@code _can_job_run_on_node} leaves it, before any topology pass
     * filters cores. Own case blockfz18 k11 ({@code --gpus=9 --cpus-per-gpu=5}, 26.05.5 with
     * {@code DebugFlags=SelectType}): the 24-core q nodes leave before the 32-core l nodes, though a pass lets every
     * node give 20 CPUs for its four GPUs. {@code _allocate_sc} cuts a job without GRES to whole tasks' CPUs; a job
     * with GRES keeps every free CPU, enforce-binding or not: its {@code req_sock_map} only puts the GPUs' sockets
     * first in the core loop, which then takes the other sockets' cores too while {@code avail_cpus} (every free CPU)
     * lasts, and with {@code CR_Core} (no memory) nothing rounds them to tasks afterwards. Own case fuzz36 p15
     * ({@code -n2 -c4 --gpus=10}, enforce-binding): h3 (fewer free CPUs) leaves before h1, so 26.05.5 runs on g3 and
     * h1; fuzz21 p31 ({@code -N3 -n6 -c6 --gpus-per-node=1}): p2's 26 free CPUs leave before p1's 29, which whole
     * tasks (24 each, a tie in index order) would turn round.
     */
    private static int nodeCpus(Demand demand, SlurmJobSpec job, int i) {
        int free = demand.freeCpus(i);
        return job.hasGpus() ? free : free - free % Math.max(1, job.cpusPerTask());
    }

    /** Whether no node may be dropped at all. */
    boolean isEmpty() {
        return sorted.length == 0;
    }

    /** Whether the order has been walked to its end. */
    boolean exhausted() {
        return next >= sorted.length;
    }

    /** Nodes left the map by another rule (the tree's {@code EVAL_ACTION_RETRY} drops a switch's nodes). */
    void nodesRemovedElsewhere() {
        mayBeGone = true;
    }

    /**
     * Drops the weakest node of {@code hint} when it names any ({@code null} or empty: the weakest node still in the
     * map); {@code false} when there is none to drop.
     */
    boolean drop(BitSet hint) {
        if (hint != null && !hint.isEmpty()) {
            int t = next;
            while (t < sorted.length && !hint.get(sorted[t])) {
                t++;
            }
            if (t == sorted.length) {
                return false;
            }
            left.clear(sorted[t]);
            if (t == next) {
                next++;
            } else {
                mayBeGone = true;
            }
            return true;
        }
        while (mayBeGone && next < sorted.length && !left.get(sorted[next])) {
            next++;
        }
        if (next == sorted.length) {
            return false;
        }
        left.clear(sorted[next++]);
        return true;
    }
}
