package org.topoplanner.allocator;

import org.topoplanner.model.job.JobRequest;

/**
 * A scheduler's placement behaviour: given what is running and one request, where the job goes.
 * Implementations are stateless and thread-safe; all state is in the {@link ClusterState}. Every
 * policy reads the same {@link JobRequest} (sbatch's options, read by
 * {@link org.topoplanner.model.job.SbatchOptions}), so any two can be compared on one job.
 */
public interface PlacementPolicy {
    /** The policy id used on the command line ({@code slurm-tree}, {@code planner}, ...). */
    String id();

    /** Where {@code job} would go now. Never throws for a well-formed request; says why instead. */
    Suggestion suggest(ClusterState state, JobRequest job);
}
