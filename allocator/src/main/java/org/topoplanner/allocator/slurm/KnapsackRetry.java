package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Slurm 22.05's and 24.11's retry of a failed topology evaluation on fewer nodes, "to avoid a possible knapsack
 * problem" (22.05 {@code choose_nodes} in {@code select/cons_tres/job_test.c}, 24.11 {@code common_topo_choose_nodes}
 * in {@code topology/common/common_topo.c}): when the evaluation over every usable node fails, the nodes whose
 * resource count for the job ({@code avail_res_cnt}: usable CPUs plus usable GPUs when the job asks for GPUs) is at
 * most 1, then at most 2, and so on up to the largest count, are taken out for good (never a node the job names),
 * and the evaluation runs again after each round that took one out, until one succeeds or no more than
 * {@code min_nodes} are left. The tree's evaluation fills from the lowest-weight nodes first, so without the retry a
 * {@code -N1 --gpus=4} job whose weight-1 nodes hold 2 GPUs each (their sum enough, none alone) was refused where
 * 22.05.8 and 24.11.5 run it on an 8-GPU node of weight 5 (fuzz32 p24). 26.05 decides what to drop after each
 * failed evaluation instead ({@code eval_action}), not modelled for the tree. Not modelled either: 24.11's evaluation
 * lowers each evaluated node's {@code avail_res_cnt} to what the job needs there, and its loop tries the same count
 * again after a round that removed nodes.
 */
final class KnapsackRetry implements NodeChooser {
    private final NodeChooser evaluation;

    private KnapsackRetry(NodeChooser evaluation) {
        this.evaluation = evaluation;
    }

    /** {@code evaluation} with the retry where {@code version} has this loop (22.05, 24.11), else as it is. */
    static NodeChooser of(NodeChooser evaluation, SlurmVersion version) {
        return version.atLeast(SlurmVersion.V26_05) ? evaluation : new KnapsackRetry(evaluation);
    }

    @Override
    public NodePick select(BitSet nodeMap, BitSet required, SlurmJobSpec job, Demand demand, int minCpus) {
        NodePick first = evaluation.select(nodeMap, required, job, demand, minCpus);
        if (first != null || demand.firstPass()) {
            // the first evaluation (first_pass, GPU-local cores) is not retried: the loop runs with first_pass false
            return first;
        }
        BitSet left = new BitSet();
        int mostRes = 0;
        for (int i = nodeMap.nextSetBit(0); i >= 0; i = nodeMap.nextSetBit(i + 1)) {
            // choose_nodes clears nodes without usable CPUs before the first evaluation
            if (demand.availCpus(i) > 0) {
                left.set(i);
                mostRes = Math.max(mostRes, resCount(i, job, demand));
            }
        }
        int remNodes = left.cardinality();
        if (remNodes <= job.minNodes()) {
            return null;
        }
        for (int count = 1; count < mostRes; count++) {
            boolean change = false;
            for (int i = left.nextSetBit(0); i >= 0; i = left.nextSetBit(i + 1)) {
                int res = resCount(i, job, demand);
                if (res > 0 && res <= count && !required.get(i)) {
                    change = true;
                    left.clear(i);
                    if (--remNodes <= job.minNodes()) {
                        break;
                    }
                }
            }
            if (!change && count != 1) {
                continue;
            }
            NodePick pick = evaluation.select(left, required, job, demand, minCpus);
            if (pick != null) {
                return pick;
            }
            if (remNodes <= job.minNodes()) {
                break;
            }
        }
        return null;
    }

    /** {@code avail_res_cnt}: the node's usable CPUs, plus its usable GPUs for a job that asks for GPUs. */
    private static int resCount(int i, SlurmJobSpec job, Demand demand) {
        return demand.availCpus(i) + (job.hasGpus() ? demand.gpusFor(i) : 0);
    }
}
