package org.topoplanner.model.hostlist;

/**
 * One run of hosts {@code prefix[lo-hi]} with a zero-padding width, or a single host without a
 * trailing number; the unit of Slurm's hostlist compression.
 */
record HostRange(String prefix, long lo, long hi, int width, boolean single) {

    /** Splits a name into the prefix and its trailing digits, as Slurm's {@code host_prefix_end}. */
    static HostRange of(String name) {
        int end = name.length();
        int idx = end;
        while (idx > 0 && Character.isDigit(name.charAt(idx - 1)) && name.charAt(idx - 1) < 128) {
            idx--;
        }
        String digits = name.substring(idx);
        if (digits.isEmpty() || digits.length() > 18) {
            return new HostRange(name, 0, 0, 0, true);
        }
        long n = Long.parseLong(digits);
        return new HostRange(name.substring(0, idx), n, n, digits.length(), false);
    }

    /** Whether {@code next} continues this run: same prefix, next number, equivalent padding. */
    boolean canAbsorb(HostRange next) {
        return !single && !next.single && prefix.equals(next.prefix) && hi + 1 == next.lo
                && equivalentWidth(next) != 0;
    }

    HostRange absorb(HostRange next) {
        return new HostRange(prefix, lo, next.hi, equivalentWidth(next), false);
    }

    /**
     * Slurm's {@code _width_equiv}, called with this range's low end as Slurm does: one side's padding
     * must be only a matter of width (no real leading zero). Returns the width the joined range keeps,
     * or 0 when they are not equivalent. Slurm compares the width pointers, never the values, so even
     * equal widths go through the padding test.
     */
    private int equivalentWidth(HostRange next) {
        int npad = zeroPadding(lo, width);
        int nmpad = zeroPadding(lo, next.width);
        int mpad = zeroPadding(next.lo, next.width);
        int mnpad = zeroPadding(next.lo, width);
        if (npad != nmpad && mpad != mnpad) {
            return 0;
        }
        if (npad != nmpad) {
            return width;
        }
        return next.width;
    }

    private static int zeroPadding(long n, int width) {
        int digits = Long.toString(n).length();
        return Math.max(0, width - digits);
    }

    boolean sharesBracketWith(HostRange other) {
        return !single && !other.single && prefix.equals(other.prefix);
    }

    String numbers() {
        String l = Hostlist.pad(lo, width);
        return lo == hi ? l : l + "-" + Hostlist.pad(hi, width);
    }
}
