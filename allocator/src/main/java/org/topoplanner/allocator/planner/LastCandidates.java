package org.topoplanner.allocator.planner;

import java.util.BitSet;
import java.util.Map;
import java.util.function.Supplier;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.RecentlyAsked;
import org.topoplanner.allocator.StateUsage;

/**
 * The latest {@link Candidates} per node demand and required hosts on one cluster, moved to each new state
 * ({@link Candidates#movedTo}) instead of made afresh: a what-if replay asks a few dozen demands on states one
 * job apart, and sizing every host of the cluster per suggestion was most of the planner's time there. The
 * least recently asked demand is dropped first, so a cluster keeps at most {@value #KEPT} of them.
 */
final class LastCandidates {
    private static final int KEPT = 32;

    private record Key(NodeDemand demand, BitSet required) {
    }

    private final Map<Key, Candidates> last = new RecentlyAsked<>(KEPT);

    private LastCandidates() {
    }

    /** The candidates of {@code demand} on {@code usage}, equal to {@code fresh}'s. */
    static Candidates of(ClusterIndex index, StateUsage usage, NodeDemand demand, BitSet excluded, BitSet required,
                         Supplier<Candidates> fresh) {
        LastCandidates cache = index.derived(LastCandidates.class, c -> new LastCandidates());
        Key key = new Key(demand, required);
        Candidates before;
        synchronized (cache) {
            before = cache.last.get(key);
        }
        Candidates now = before == null ? fresh.get() : before.movedTo(usage, excluded);
        synchronized (cache) {
            cache.last.put(key, now);
        }
        return now;
    }
}
