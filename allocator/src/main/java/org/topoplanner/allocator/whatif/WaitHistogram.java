package org.topoplanner.allocator.whatif;

import java.util.List;

/**
 * Waits of one job-size class, counted in buckets (so a run of any length keeps a few numbers): how many
 * jobs, their total and longest wait, and how many waited less than each bound.
 */
public final class WaitHistogram {
    /** Bucket upper bounds in seconds; the last bucket has none. */
    public static final List<Long> BOUNDS = List.of(1L, 60L, 600L, 3600L, 6 * 3600L, 86400L, 7 * 86400L);
    /** Labels of the buckets, one more than {@link #BOUNDS}. */
    public static final List<String> LABELS = List.of("0 s", "<1 min", "<10 min", "<1 h", "<6 h", "<1 d", "<1 w",
            ">=1 w");

    private final long[] buckets = new long[BOUNDS.size() + 1];
    private long count;
    private double total;
    private long max;

    public void add(long waitSeconds) {
        int b = 0;
        while (b < BOUNDS.size() && waitSeconds >= BOUNDS.get(b)) {
            b++;
        }
        buckets[b]++;
        count++;
        total += waitSeconds;
        max = Math.max(max, waitSeconds);
    }

    public long count() {
        return count;
    }

    public double meanSeconds() {
        return count == 0 ? 0 : total / count;
    }

    public long maxSeconds() {
        return max;
    }

    public long[] buckets() {
        return buckets.clone();
    }

    /** The upper bound of the bucket holding the median wait (a bucket's bound, not an exact median). */
    public String medianBucket() {
        long seen = 0;
        for (int b = 0; b < buckets.length; b++) {
            seen += buckets[b];
            if (count > 0 && seen * 2 >= count) {
                return LABELS.get(b);
            }
        }
        return "-";
    }
}
