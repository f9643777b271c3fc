package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;

/**
 * The {@code --ntasks-per-gpu} shapes whose answer is not understood, refused naming the option rather than placed by
 * a guess. Everything else about the option is emulated from each release's source ({@link SlurmJobSpec#of},
 * {@link NtasksPerGpu}, {@link NtasksPerGpuMinCpus}, {@link CoreFilter}, {@link PerJobGpuPick}).
 *
 * <p>Only a block topology is left: no block case has measured the option. On a tree every measured shape is
 * emulated in every release (own probes gp8a, g9b, c11b1, c11g1): 22.05's and 24.11's {@code -c} shapes that t11b
 * refused here follow from the {@code min_cpus} those releases keep ({@link NtasksPerGpuMinCpus}) and, in 24.11, from
 * the GPUs the counted tasks leave a node ({@code _reduce_res_cores}, {@link TreeProgress}).
 */
final class NtasksPerGpuRefusal {
    private NtasksPerGpuRefusal() {
    }

    /** The refusal's text on a block topology, or null without the option. */
    static String onBlocks(JobRequest r) {
        return r.ntasksPerGpu() == null ? null
                : "--ntasks-per-gpu=" + r.ntasksPerGpu() + " changes where Slurm places the job and is not emulated"
                        + " on a block topology (no block case measured it)";
    }
}
