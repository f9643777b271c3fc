package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;

/**
 * The {@code --ntasks-per-gpu} shapes whose answer is not understood, refused naming the option rather than placed by
 * a guess. Everything else about the option is emulated from each release's source ({@link SlurmJobSpec#of},
 * {@link NtasksPerGpu}, {@link NtasksPerGpuMinCpus}, {@link CoreFilter}, {@link PerJobGpuPick}).
 *
 * <p>Only {@code -O} on a block topology keeps a refusal here (r25u, {@link Overcommit}; o25c works on it on trees).
 * Own probes c25e2 and c25n1 (24.11.5, 26.05.5) measured {@code --ntasks-per-gpu=1} and {@code =2} with and without
 * {@code -c}, {@code --exclusive}, {@code -N1} and {@code -N2}: the tree's rules hold on the block's pick
 * ({@code eval_nodes_block} reaches {@code eval_nodes_cpus_to_use} and {@code eval_nodes_gres} as the tree plugin
 * does; {@link BlockSelector}), so those are placed. (Not emulated: a node whose counted tasks leave it no whole GPU
 * is credited none but kept, where {@code eval_nodes_gres}' {@code use_node} false makes the block plugin skip it; no
 * block line has such a node beside a usable one.) On a tree every measured shape is emulated in every release (own
 * probes gp8a, g9b, c11b1, c11g1): 22.05's and 24.11's {@code -c} shapes that t11b refused here follow from the
 * {@code min_cpus} those releases keep ({@link NtasksPerGpuMinCpus}) and, in 24.11, from the GPUs the counted tasks
 * leave a node ({@code _reduce_res_cores}, {@link TreeProgress}).
 */
final class NtasksPerGpuRefusal {
    private NtasksPerGpuRefusal() {
    }

    /** The refusal's text on a block topology, or null where the shape is emulated there (or has no option). */
    static String onBlocks(JobRequest r) {
        if (r.ntasksPerGpu() == null || !r.overcommit()) {
            return null;
        }
        return "--ntasks-per-gpu=" + r.ntasksPerGpu() + " with -O changes where Slurm places the job and is not"
                + " emulated on a block topology (no block case measured it)";
    }
}
