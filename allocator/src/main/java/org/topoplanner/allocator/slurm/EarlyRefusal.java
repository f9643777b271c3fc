package org.topoplanner.allocator.slurm;

import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * What refuses a request before any topology is read, the same for the tree and the block policy: sbatch's own
 * node-count tests ({@link SbatchPlaneNodeCount} in sbatch itself, {@link SbatchTaskNodeCount} on what it sends),
 * then the option shapes no measured line covers ({@link PerSocketGpuRefusal}, {@link PlaneRefusal},
 * {@link Overcommit}; on a tree {@link NodeChoiceRefusal}). The block-only refusals stay in
 * {@link SlurmBlockPolicy#onBlocks}.
 */
final class EarlyRefusal {
    private EarlyRefusal() {
    }

    /** The first refusal's text on a tree (or flat) topology, or null when none applies. */
    static String of(JobRequest request, SlurmVersion version) {
        String refusal = of(request, version, PerSocketGpuRefusal.onTree(request));
        // the tree's own --spread-job shapes (block trumps the spread evaluation: eval_nodes_block runs first)
        return refusal != null ? refusal : NodeChoiceRefusal.onTree(request, version);
    }

    /**
     * The first refusal's text on a block topology, or null: the same tests, with the {@code --gpus-per-socket}
     * shapes measured on blocks ({@link PerSocketGpuRefusal#onBlocks}).
     */
    static String onBlocks(JobRequest request, SlurmVersion version) {
        return of(request, version, PerSocketGpuRefusal.onBlocks(request));
    }

    private static String of(JobRequest request, SlurmVersion version, String perSocketGpus) {
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
            refusal = perSocketGpus;
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
