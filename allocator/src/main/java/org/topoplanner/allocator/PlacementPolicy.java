package org.topoplanner.allocator;

/**
 * A scheduler's placement behaviour: given what is running and one request, where the job goes.
 * Implementations are stateless and thread-safe; all state is in the {@link ClusterState}.
 *
 * @param <R> the request type the policy reads
 */
public interface PlacementPolicy<R> {
    /** The policy id used on the command line ({@code slurm-tree}, {@code planner}, ...). */
    String id();

    /** Where {@code job} would go now. Never throws for a well-formed request; says why instead. */
    Suggestion suggest(ClusterState state, R job);
}
