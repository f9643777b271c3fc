package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * What refuses a request before any topology is read, the same for the tree and the block policy: sbatch's own
 * node-count tests ({@link SbatchPlaneNodeCount} in sbatch itself, {@link SbatchTaskNodeCount} on what it sends),
 * then the option shapes no measured line covers ({@link PerSocketGpuRefusal}, {@link PlaneRefusal},
 * {@link Overcommit}). The block-only refusals stay in
 * {@link SlurmBlockPolicy#onBlocks}.
 */
final class EarlyRefusal {
    private EarlyRefusal() {
    }

    /** The first refusal's text, or null when none applies. */
    static String of(JobRequest request, SlurmVersion version) {
        // sbatch exits on a plane too wide for its nodes before it sends anything (SbatchPlaneNodeCount)
        String refusal = SbatchPlaneNodeCount.refusal(request);
        if (refusal == null) {
            refusal = SbatchTaskNodeCount.refusal(request, version);
        }
        if (refusal == null) {
            // slurmctld's _job_create, before any node test (RequiredExcludedOverlap)
            refusal = RequiredExcludedOverlap.refusal(request);
        }
        if (refusal == null) {
            refusal = PerSocketGpuRefusal.onTree(request);
        }
        if (refusal == null) {
            refusal = PlaneRefusal.of(request);
        }
        if (refusal == null) {
            refusal = Overcommit.refusal(request, version);
        }
        return refusal;
    }
}
