package org.topoplanner.allocator.slurm;

/**
 * One pass's core filter verdicts as the node choice sees them ({@link PassDemand}): the filter's array until a node
 * is looked at again ({@link NodeChooser.Demand#recount}, {@link NodeChooser.Demand#refilter}), then a copy with that
 * node's own verdict, since the filter's array may be a cached table's ({@link NodeVerdicts}). Also keeps the GPUs
 * credited before the node looked at last ({@link NodeChooser.Demand#creditedBefore}).
 */
final class PassView {
    private final CoreFilter.Result[] filtered;
    private CoreFilter.Result[] results;
    private long creditedBefore;

    PassView(CoreFilter.Result[] filtered) {
        this.filtered = filtered;
        this.results = filtered;
    }

    /** Node {@code i}'s verdict; {@code null}: the filter gave the node nothing. */
    CoreFilter.Result get(int i) {
        return results[i];
    }

    /** The verdicts of every node, as looked at last (read only). */
    CoreFilter.Result[] results() {
        return results;
    }

    /** Makes this pass's own copy of the verdicts, once, before one of them changes. */
    void own() {
        if (results == filtered) {
            results = filtered.clone();
        }
    }

    /** Gives node {@code i} a new verdict (after {@link #own}). */
    void set(int i, CoreFilter.Result r) {
        results[i] = r;
    }

    long creditedBefore() {
        return creditedBefore;
    }

    void creditedBefore(long credited) {
        this.creditedBefore = credited;
    }
}
