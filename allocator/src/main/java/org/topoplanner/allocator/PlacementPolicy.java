package org.topoplanner.allocator;

import java.util.List;
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

    /**
     * The pending reason of a job whose named nodes ({@code -w}) an earlier job of the same scheduling pass took out
     * of it ({@code unavailable}), or {@code null} when the policy has none and the job is asked as usual. Slurm's
     * {@code _pick_best_nodes} refuses such a job before any selection ({@code ESLURM_NODE_NOT_AVAIL}).
     */
    default String requiredNodesOutOfPass(List<String> unavailable) {
        return null;
    }
}
