package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import org.topoplanner.allocator.slurm.NodeChooser.Demand;

/**
 * Slurm 24.11's second pass of {@code common_topo_choose_nodes} ({@code topology/common/common_topo.c}) for
 * {@code topology/block}: 24.11 has no {@code eval_action} (26.05's hint of which node to drop). After the first
 * pass fails it drops nodes by a threshold on {@code avail_res_cnt}, the node's available CPUs plus its usable
 * GPUs, "to avoid a possible knapsack problem": for {@code count} = 1, 2, ... below the largest count, every node
 * of the map (index order, never a required one) whose count is at most {@code count} leaves, except that the
 * first node dropped in a round lowers {@code count} by one for the rest of that round and the next one, and the
 * evaluation runs again after every round that dropped a node (and in the first round even when none was dropped);
 * it stops at the first success or when no more than {@code -N} nodes are left.
 *
 * <p>The counts are not fixed: every node an evaluation adds goes through {@code eval_nodes_cpus_to_use}, which
 * writes the CPUs it lets the node give into {@code avail_cpus} and {@code avail_res_cnt}, and nothing restores
 * them between evaluations ({@link BlockSelector#loweredCpus}). So the nodes a failed evaluation chose become the
 * weakest and leave first, one per round. Own case blockfz10 k0 ({@code -N4 --gpus-per-node=1}, blocks of three
 * with uneven weights, {@code BlockSizes=3,12}): the first pass adds h8, h4 and h5 (2 CPUs + 4 GPUs each, the
 * other nodes 32 + 4) and fails on the level's limit of two base blocks; the rounds then drop h4, and, after
 * the next failure gave h2 2 CPUs, h2, and 24.11.5 runs the job on h5, h7, h8, h9 as 26.05.5 does.
 */
final class ThresholdRetry {
    private final BlockSelector selector;
    private final BitSet map;
    private final BitSet required;
    private final SlurmJobSpec job;
    private final Demand demand;
    private final int minCpus;
    private final boolean gpus;

    ThresholdRetry(BlockSelector selector, BitSet nodeMap, BitSet required, SlurmJobSpec job, Demand demand,
                   int minCpus) {
        this.selector = selector;
        this.required = required;
        this.job = job;
        this.demand = demand;
        this.minCpus = minCpus;
        this.gpus = job.gpusPerNode() != null || job.gpuTotal() != null;
        // the plugin's node map: nodes with available CPUs (cons_tres clears the others before the plugin runs)
        this.map = new BitSet();
        for (int i = nodeMap.nextSetBit(0); i >= 0; i = nodeMap.nextSetBit(i + 1)) {
            if (!selector.blocked(i) && count(i) > 0) {
                map.set(i);
            }
        }
    }

    /** The second pass: the chosen nodes, or {@code null} when every retry failed. */
    NodePick run() {
        int rem = map.cardinality();
        int min = job.minNodes();
        if (rem <= min) {
            return selector.selectOnce(map, required, job, demand, minCpus);
        }
        int most = 0;
        for (int i = map.nextSetBit(0); i >= 0; i = map.nextSetBit(i + 1)) {
            most = Math.max(most, count(i));
        }
        for (int count = 1; count < most; count++) {
            boolean noChange = true;
            for (int i = map.nextSetBit(0); i >= 0; i = map.nextSetBit(i + 1)) {
                int c = count(i);
                if (c > 0 && c <= count && !required.get(i)) {
                    if (noChange) {
                        // look again at the same threshold: the last evaluation may have lowered more counts
                        count--;
                    }
                    noChange = false;
                    map.clear(i);
                    if (--rem <= min) {
                        break;
                    }
                }
            }
            if (noChange && count != 1) {
                continue;
            }
            NodePick found = selector.selectOnce(map, required, job, demand, minCpus);
            if (found != null || rem <= min) {
                return found;
            }
        }
        return null;
    }

    /**
     * {@code avail_res_cnt}: the node's available CPUs as cons_tres counted them ({@code _can_job_run_on_node}: a
     * GPU job's node with all its free CPUs in whole tasks), lowered by earlier evaluations, plus its usable GPUs
     * for a GPU job.
     */
    private int count(int i) {
        int cpus = demand.availCpus(i);
        if (gpus) {
            int free = demand.freeCpus(i);
            cpus = Math.max(cpus, free - free % Math.max(1, job.cpusPerTask()));
            return cpus == 0 ? 0 : cpus + Math.max(0, demand.gpusFor(i));
        }
        return cpus;
    }
}
