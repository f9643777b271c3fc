package org.topoplanner.allocator.slurm;

import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Whether a {@code --gpus=N} job's GPU pick on its chosen nodes fails it: the {@code job_fini} flag of
 * {@code gres_select_filter_select_and_set} ({@code select/cons_tres/gres_select_filter.c}; 22.05:
 * {@code select/cons_common/gres_select_filter.c}), -1 "not applicable", 0 "more work", 1 "done".
 *
 * <p>A node with GPU topology ({@code gres.conf} {@code Cores=} or {@code Type=}) picks its GPUs in
 * {@code _set_job_bits1}, which answers done once the job's running total reaches N; a node without it only adds
 * a count and leaves the flag alone ({@link GpuPicker#withoutTopology}). 24.11 and 26.05 keep a 0 once set
 * ({@code if (*job_fini != 0) *job_fini = tmp}), 22.05 keeps the last node's answer. If the flag is 0 the nodes are
 * walked again in order ({@code _set_job_bits2}) until one answers done; the job fails ({@code "failed to satisfy
 * gres-per-job counter"}, {@code ESLURM_NODE_NOT_AVAIL}) only if the walk ends at 0. A node without topology has no
 * {@code gres_bit_select}, so {@code _set_job_bits2} returns {@code SLURM_ERROR} there: 24.11 and 26.05 read it
 * through {@code bool tmp} as done and stop, 22.05 stores -1 and walks on. So a job whose nodes all lack topology
 * is never failed by its count, in any release, and starts on what the counts gave: own probe c26k1 (26.05.5,
 * mem3b's nodes, gres.conf with {@code File=} only): {@code -N1 --gpus=3} runs on g3's two free GPUs and
 * {@code --gpus=4} on g4's one, after 26.05's one-node test counted the job's GPUs over the nodes before
 * ({@link FirstFitOneNode}); the log shows {@code gres_cnt_node_select[3]:2 total_gres:2} for a job of
 * {@code gres_per_job:3} and no error.
 */
final class PerJobGpuFini {
    private static final int NOT_APPLICABLE = -1;
    private static final int MORE = 0;
    private static final int DONE = 1;

    private final SlurmVersion version;
    private final int perJob;
    private int fini = NOT_APPLICABLE;

    PerJobGpuFini(SlurmVersion version, int perJob) {
        this.version = version;
        this.perJob = perJob;
    }

    /** A node with topology has had {@code _set_job_bits1}; {@code total} counts every node so far. */
    void afterFirstPick(int total) {
        int answer = total >= perJob ? DONE : MORE;
        if (version == SlurmVersion.V22_05 || fini != MORE) {
            fini = answer;
        }
    }

    /** Whether the second walk ({@code _set_job_bits2}) runs. */
    boolean needsMore() {
        return fini == MORE;
    }

    /** The second walk reaches a node without topology; true when it ends there. */
    boolean atNodeWithoutTopology(int total) {
        if (version == SlurmVersion.V22_05) {
            // 22.05's _set_job_bits2 answers done first when the count is met exactly, else SLURM_ERROR
            fini = total == perJob ? DONE : NOT_APPLICABLE;
            return fini == DONE;
        }
        fini = DONE;
        return true;
    }

    /** The second walk has picked more on a node with topology; true when it ends there. */
    boolean afterMorePick(int total) {
        fini = total >= perJob ? DONE : MORE;
        return fini == DONE;
    }

    /** Whether the walk ended with the count unmet, failing the job. */
    boolean unmet() {
        return fini == MORE;
    }
}
