package org.topoplanner.model.hostlist;

import java.util.ArrayList;
import java.util.List;

/**
 * A list of host ranges as Slurm's {@code hostlist_t} keeps it: hosts pushed one by one join the
 * last range when they continue it, {@link #sortUnique()} is {@code hostlist_uniq}, and
 * {@link #toString()} is {@code hostlist_ranged_string}.
 */
final class RangeList {
    private List<HostRange> ranges = new ArrayList<>();

    /** {@code hostlist_push_host}: a host continuing the last range (same prefix, next number, equivalent width) joins it. */
    void push(String name) {
        HostRange r = HostRange.of(name);
        if (!ranges.isEmpty()) {
            HostRange tail = ranges.get(ranges.size() - 1);
            if (!r.single && tail.hi == r.lo - 1 && HostRange.comparePrefixes(tail, r) == 0
                    && HostRange.combineWidths(tail, r)) {
                tail.hi = r.hi;
                return;
            }
        }
        ranges.add(r);
    }

    /**
     * {@code hostlist_uniq}: sorts the ranges with {@code hostrange_cmp}, then joins neighbours that
     * touch or overlap and drops duplicates. The sort is glibc 2.36's merge sort ({@code msort}: top-down,
     * first half {@code n/2}, stable), step for step, because the comparison rewrites widths as a side
     * effect and the result may depend on which pairs are compared in which order.
     */
    void sortUnique() {
        if (ranges.size() <= 1) {
            return;
        }
        HostRange[] a = ranges.toArray(new HostRange[0]);
        mergeSort(a, 0, a.length, new HostRange[a.length]);
        List<HostRange> joined = new ArrayList<>(a.length);
        joined.add(a[0]);
        for (int i = 1; i < a.length; i++) {
            if (!join(joined.get(joined.size() - 1), a[i])) {
                joined.add(a[i]);
            }
        }
        ranges = joined;
    }

    private static void mergeSort(HostRange[] b, int from, int n, HostRange[] tmp) {
        if (n <= 1) {
            return;
        }
        int n1 = n / 2;
        int n2 = n - n1;
        mergeSort(b, from, n1, tmp);
        mergeSort(b, from + n1, n2, tmp);
        int i = from;
        int j = from + n1;
        int k = 0;
        while (n1 > 0 && n2 > 0) {
            if (HostRange.compare(b[i], b[j]) <= 0) {
                tmp[k++] = b[i++];
                n1--;
            } else {
                tmp[k++] = b[j++];
                n2--;
            }
        }
        if (n1 > 0) {
            System.arraycopy(b, i, tmp, k, n1);
        }
        System.arraycopy(tmp, 0, b, from, n - n2);
    }

    /** {@code hostrange_join}: whether {@code next} was merged into {@code prev} (touching, overlapping or a duplicate single). */
    private static boolean join(HostRange prev, HostRange next) {
        if (HostRange.comparePrefixes(prev, next) != 0 || !HostRange.combineWidths(prev, next)) {
            return false;
        }
        if (prev.single && next.single) {
            return true;
        }
        if (prev.hi == next.lo - 1) {
            prev.hi = next.hi;
            return true;
        }
        if (prev.hi >= next.lo) {
            prev.hi = Math.max(prev.hi, next.hi);
            return true;
        }
        return false;
    }

    /**
     * {@code hostlist_ranged_string}: consecutive numbered ranges of one prefix share a bracket; a
     * bracket is written when it holds more than one host ({@code n[1,3]}, {@code n[1-2]}), not for
     * a lone host ({@code n1}).
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        int n = ranges.size();
        int i = 0;
        while (i < n) {
            if (i > 0) {
                sb.append(',');
            }
            HostRange first = ranges.get(i);
            boolean bracket = first.count() > 1 || (i + 1 < n && HostRange.sameBracket(first, ranges.get(i + 1)));
            sb.append(first.prefix);
            if (bracket) {
                sb.append('[');
            }
            do {
                HostRange r = ranges.get(i);
                if (!r.single) {
                    r.appendNumbers(sb);
                }
                if (bracket) {
                    sb.append(',');
                }
            } while (++i < n && HostRange.sameBracket(ranges.get(i), ranges.get(i - 1)));
            if (bracket) {
                sb.setCharAt(sb.length() - 1, ']');
            }
        }
        return sb.toString();
    }
}
