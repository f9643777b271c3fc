package org.topoplanner.allocator.whatif;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Predicate;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.job.Placement;

/**
 * The EASY reservation of a blocked queue head: the earliest estimated end of a running job after which the
 * policy could place the head, were the running jobs to end in order of their estimated ends.
 *
 * <p>Asking the policy after every release (as a scheduler that simulates its future would) costs one
 * suggestion and one state per running job. Two facts make it cheaper with the same answer: releasing jobs only
 * frees resources, so "the free GPUs could hold it" ({@link FreeGpus#mightHold}) and "the policy places it"
 * both stay true once true (a placement that fits with fewer jobs running still fits with more ended).
 * The first release after which the GPUs could hold the head is found by counting; from there the policy is
 * asked at 1, 2, 4, ... releases further until it places the head, then by bisection back to the first release
 * it accepts: about 2 log2(running) suggestions instead of up to one per running job. Each state asked on is
 * made from the last refused one, so the states built cost one removal per released job at most twice. The
 * running jobs are read in order as far as the search needs them, so a head that fits once a few jobs end
 * does not cost a walk over all of them.
 */
final class ShadowTime {
    /** A running job as the reservation sees it. */
    record Ending(String job, long estimatedEnd, Placement placement) {
    }

    /** The running jobs read so far, in order of estimated end. */
    private final List<Ending> byEstimate = new ArrayList<>();
    private final Iterator<Ending> more;
    private final Predicate<ClusterState> accepts;

    /**
     * @param byEstimate the running jobs in order of estimated end (ties as they started)
     * @param accepts    whether the policy places (or would place after its wait) the head on a state
     */
    ShadowTime(Iterable<Ending> byEstimate, Predicate<ClusterState> accepts) {
        this.more = byEstimate.iterator();
        this.accepts = accepts;
    }

    /** Whether there is a running job at {@code i}, reading on as far as that. */
    private boolean has(int i) {
        while (byEstimate.size() <= i && more.hasNext()) {
            byEstimate.add(more.next());
        }
        return i < byEstimate.size();
    }

    /** The index of the last running job (reads them all). */
    private int last() {
        more.forEachRemaining(byEstimate::add);
        return byEstimate.size() - 1;
    }

    /**
     * The shadow time: {@code now} or later, or {@link Long#MAX_VALUE} when even the idle design would not do
     * (the policy refused it with every running job ended).
     *
     * @param state the state now
     * @param free  GPUs free now (not changed)
     * @param holds whether free GPUs could hold the head at all
     */
    long at(long now, ClusterState state, FreeGpus free, Predicate<FreeGpus> holds) {
        FreeGpus f = free.copy();
        int first = -1;
        for (int i = 0; has(i) && first < 0; i++) {
            f.give(byEstimate.get(i).placement());
            if (holds.test(f)) {
                first = i;
            }
        }
        if (first < 0) {
            return Long.MAX_VALUE;
        }
        // refusedState: the state with jobs 0..refused ended (refused = -1: none ended), which the policy refused
        int refused = -1;
        ClusterState refusedState = state;
        int accepted = -1;
        int step = 1;
        int probe = first;
        while (accepted < 0) {
            ClusterState s = release(refusedState, refused, probe);
            if (accepts.test(s)) {
                accepted = probe;
            } else if (!has(probe + 1)) {
                return Long.MAX_VALUE;
            } else {
                refused = probe;
                refusedState = s;
                probe = has(probe + step) ? probe + step : last();
                step *= 2;
            }
        }
        int low = Math.max(refused, first - 1);
        while (accepted - low > 1) {
            int mid = (low + accepted) >>> 1;
            ClusterState s = release(refusedState, refused, mid);
            if (accepts.test(s)) {
                accepted = mid;
            } else {
                low = mid;
                refused = mid;
                refusedState = s;
            }
        }
        return Math.max(now, byEstimate.get(accepted).estimatedEnd());
    }

    /** {@code from} (jobs 0..{@code ended} ended) with jobs up to {@code to} ended as well. */
    private ClusterState release(ClusterState from, int ended, int to) {
        ClusterState s = from;
        for (int i = ended + 1; i <= to; i++) {
            s = s.without(byEstimate.get(i).job());
        }
        return s;
    }
}
