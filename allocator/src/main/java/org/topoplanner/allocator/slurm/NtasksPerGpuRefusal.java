package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The {@code --ntasks-per-gpu} shapes a release's answer is not understood for, refused naming the option rather
 * than placed by a guess. Everything else about the option is emulated from each release's source
 * ({@link SlurmJobSpec#of}, {@link NtasksPerGpu}, {@link CoreFilter}, {@link PerJobGpuPick}).
 *
 * <ul>
 *   <li>22.05 and 24.11 with {@code -c} of 3 or more, or of 2 or more beside {@code --gpus-per-node}. 22.05.8
 *       gives a node one task's CPUs where the tasks ask for more (own probes gp8a a5
 *       {@code -N1 -w q1 --gpus=3 --ntasks-per-gpu=1 -c3}: CPUs 0-2; gp8a a12 {@code -c6}: 6 CPUs; g9b n7
 *       {@code -N2 --gpus=6 --ntasks-per-gpu=1 -c3}: 3 a node; c11b1 c16
 *       {@code -N2 --gpus-per-node=1 --ntasks-per-gpu=2 -c2}: 2 a node), yet every task's CPUs in gp8a a2, g9b n4
 *       ({@code --gpus=N --ntasks-per-gpu=2 -c2}, emulated) and g9b n9
 *       ({@code --gpus-per-node=2 --ntasks-per-gpu=2 -c2}, refused with c16's shape); the source read
 *       ({@code _get_rem_max_cpus}, sbatch's {@code min_cpus}, {@code gres_select_filter_sock_core}) does not tell
 *       them apart. 24.11.5 refuses a5, a12 and n7 at submission ("Requested node configuration is not
 *       available") and keeps c16 waiting with {@code Resources}, where 26.05.5 runs all four as replayed; its
 *       submit test was not traced to the line that fails.</li>
 *   <li>On a block topology: no block case has measured the option.</li>
 * </ul>
 */
final class NtasksPerGpuRefusal {
    private NtasksPerGpuRefusal() {
    }

    /** The refusal's text under {@code version}, or null when the job is emulated. */
    static String onTree(JobRequest r, SlurmVersion version) {
        if (r.ntasksPerGpu() == null || version.atLeast(SlurmVersion.V26_05) || r.cpusPerTask() == null) {
            return null;
        }
        boolean perNode = r.gpusPerNode() != null && r.gpusPerNode() > 0;
        if (r.cpusPerTask() < 3 && !(perNode && r.cpusPerTask() >= 2)) {
            return null;
        }
        return "--ntasks-per-gpu=" + r.ntasksPerGpu() + " with -c " + r.cpusPerTask() + " changes where Slurm "
                + version.label() + " places the job and is not emulated (own probes gp8a a5 a12, g9b n7, c11b1 c16)";
    }

    /** The refusal's text on a block topology, or null without the option. */
    static String onBlocks(JobRequest r) {
        return r.ntasksPerGpu() == null ? null
                : "--ntasks-per-gpu=" + r.ntasksPerGpu() + " changes where Slurm places the job and is not emulated"
                        + " on a block topology (no block case measured it)";
    }
}
