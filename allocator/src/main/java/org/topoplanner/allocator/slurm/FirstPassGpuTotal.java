package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Slurm 22.05's first pass lowers a {@code --cpus-per-gpu} node's GPU total for the rest of the scheduling attempt.
 * {@code choose_nodes} ({@code select/cons_tres/job_test.c}) evaluates the nodes first with {@code first_pass} set
 * (only cores near the GPUs), then again without it, and restores only the node map and the core bitmaps between
 * the evaluations, not the per-node {@code avail_res_array}. Each node the first evaluation filters
 * ({@code _select_cores}, for the required nodes and the weight groups it reads until they suffice) goes through
 * {@code gres_select_filter_sock_core}, which ends with {@code sock_gres->total_cnt = MIN(avail_cpus /
 * cpus_per_gres, total_cnt)} on the first pass's CPUs; {@code gres_sched_add} credits at most that
 * {@code total_cnt} in every later evaluation, though the second pass gives the node more CPUs. Own probe case
 * cpg22 c23 ({@code -N3 --gpus=6 --cpus-per-gpu=8}, enforce-binding): q3's 9 free cores near its GPUs hold one
 * GPU's CPUs in the first pass, so the later evaluations credit it 1 GPU, not the 2 its 21 free CPUs hold, no three
 * nodes reach 6 and 22.05.8 parks the job ({@code ReqNodeNotAvail}).
 */
final class FirstPassGpuTotal {
    /** What the first pass's filter left of each node's GPUs, for the nodes its evaluation looked at. */
    private final int[] firstPassGpus;
    private final BitSet lookedAt = new BitSet();

    private FirstPassGpuTotal(int nodeCount) {
        firstPassGpus = new int[nodeCount];
    }

    /** The totals of one scheduling attempt over {@code nodeCount} nodes; {@code null} where they do not carry. */
    static FirstPassGpuTotal forAttempt(SlurmJobSpec job, SlurmVersion version, int nodeCount) {
        return applies(job, version) ? new FirstPassGpuTotal(nodeCount) : null;
    }

    /**
     * The GPUs node {@code i} credits, {@code free} as this pass's filter left them: the first pass remembers them,
     * a later evaluation credits no more than the first pass left a node it looked at.
     */
    int credit(int i, int free, boolean firstPass) {
        if (firstPass) {
            lookedAt.set(i);
            firstPassGpus[i] = free;
            return free;
        }
        return lookedAt.get(i) ? Math.min(free, firstPassGpus[i]) : free;
    }

    /** Whether the first pass's GPU totals carry over: a {@code --cpus-per-gpu} job under 22.05. */
    static boolean applies(SlurmJobSpec job, SlurmVersion version) {
        return version == SlurmVersion.V22_05 && job.cpusPerGpu() != null && job.cpusPerGpu() > 0;
    }
}
