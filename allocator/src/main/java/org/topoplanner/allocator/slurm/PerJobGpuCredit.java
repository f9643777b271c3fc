package org.topoplanner.allocator.slurm;

import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;

/**
 * The GPUs each node is credited with toward a per-job count ({@code --gpus=N}) as the selection adds it:
 * {@code gres_sched_add} ({@code topology/common/gres_sched.c}, 24.11 and 26.05; its {@code _foreach_gres_add} in
 * 26.05) stores the credit in {@code sock_gres->total_cnt}, which {@code _set_job_bits1} later takes as the node's
 * ceiling.
 *
 * <p>The credit is what the node offers, lowered to what the job still lacks only while it lacks any
 * ({@code if (gres_per_job > total_gres)}); a node added after the count is met keeps its whole offer, and every
 * credit is at least one ({@code MAX(gres_limit, min_gres)}, {@code min_gres} being 1 for a per-job count). Own
 * probe cpg22 c9 ({@code -N3 --gpus=4 --cpus-per-gpu=8}, added h6 2, h8 2, then h3): 24.11.5 and 26.05.5 give h3,
 * first in node order, 2 GPUs and h6, h8 one each, which needs h3's ceiling to be its offer of 2, not the 0 left.
 */
final class PerJobGpuCredit {

    private PerJobGpuCredit() {
    }

    /**
     * Credits per node index.
     *
     * @param order    the chosen nodes in the order the selection added them
     * @param offered  GPUs node {@code i} offers toward the count (its core filter's {@code total_cnt}, capped by
     *                 its CPUs at {@code --cpus-per-gpu})
     * @param hasGpus  whether node {@code i} has GPUs at all (a node without has no {@code sock_gres} entry and is
     *                 not credited)
     * @param before   GPUs already counted before the first of {@code order} ({@code total_gres})
     * @param perJob   the job's per-job GPU count
     * @param size     the number of node indices
     */
    static int[] credit(int[] order, IntUnaryOperator offered, IntPredicate hasGpus, long before, int perJob,
                        int size) {
        int[] credit = new int[size];
        long total = before;
        for (int i : order) {
            if (!hasGpus.test(i)) {
                continue;
            }
            long limit = Math.max(0, offered.applyAsInt(i));
            if (perJob > total) {
                limit = Math.min(perJob - total, limit);
            }
            limit = Math.max(limit, 1);
            credit[i] = (int) limit;
            total += limit;
        }
        return credit;
    }
}
