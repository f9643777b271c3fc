package org.topoplanner.model.hostlist;

/**
 * One run of hosts {@code prefix[lo-hi]} with a zero-padding width, or a single host without a
 * trailing number; the unit of Slurm's hostlist compression ({@code hostrange_t}).
 *
 * <p>Mutable on purpose: Slurm's width comparison ({@code _width_equiv}) rewrites the width of one
 * of the two ranges it compares, and later comparisons see the rewritten width. The rewrite never
 * changes how a host of the range is printed (it only happens when the number prints the same under
 * both widths), but it can change the order in which ranges sort. To sort exactly as Slurm does, the
 * side effect is kept. Instances never leave this package.
 */
final class HostRange {
    /** Longer digit runs would overflow a {@code long}; such names are kept whole (see {@link #of}). */
    static final int MAX_DIGITS = 18;

    final String prefix;
    final boolean single;
    long lo;
    long hi;
    int width;

    private HostRange(String prefix, long lo, long hi, int width, boolean single) {
        this.prefix = prefix;
        this.lo = lo;
        this.hi = hi;
        this.width = width;
        this.single = single;
    }

    static HostRange numbered(String prefix, long lo, long hi, int width) {
        return new HostRange(prefix, lo, hi, width, false);
    }

    /**
     * Splits a host name into its prefix and trailing digits, as Slurm's {@code hostname_create}.
     * Unlike Slurm, a digit run too long for 64 bits keeps the name whole (Slurm 22.05 silently turns
     * {@code n99999999999999999999} into {@code n18446744073709551615}).
     */
    static HostRange of(String name) {
        int idx = name.length();
        while (idx > 0 && name.charAt(idx - 1) >= '0' && name.charAt(idx - 1) <= '9') {
            idx--;
        }
        int digits = name.length() - idx;
        if (digits == 0 || digits > MAX_DIGITS) {
            return new HostRange(name, 0, 0, 0, true);
        }
        long n = Long.parseLong(name, idx, name.length(), 10);
        return new HostRange(name.substring(0, idx), n, n, digits, false);
    }

    HostRange copy() {
        return new HostRange(prefix, lo, hi, width, single);
    }

    long count() {
        return single ? 1 : hi - lo + 1;
    }

    /**
     * Slurm's {@code hostrange_prefix_cmp}: natural order of the prefixes; with equal prefixes a
     * single host (no number) sorts first and is never "the same prefix" as a numbered range.
     */
    static int comparePrefixes(HostRange a, HostRange b) {
        int r = NaturalOrder.INSTANCE.compare(a.prefix, b.prefix);
        return r == 0 ? (b.single ? 1 : 0) - (a.single ? 1 : 0) : r;
    }

    /**
     * Slurm's {@code hostrange_cmp}: by prefix, then by low end when the widths are equivalent, else
     * by width. The difference of the low ends is truncated to 32 bits as C's {@code int} return does.
     */
    static int compare(HostRange a, HostRange b) {
        int r = comparePrefixes(a, b);
        if (r != 0) {
            return r;
        }
        return combineWidths(a, b) ? (int) (a.lo - b.lo) : a.width - b.width;
    }

    /** Whether both ranges share a bracket when printed: same prefix, both numbered. */
    static boolean sameBracket(HostRange a, HostRange b) {
        return comparePrefixes(a, b) == 0 && !a.single && !b.single;
    }

    /**
     * Slurm's {@code _width_equiv} on the low ends: two widths are equivalent when one side's number
     * prints the same under both widths (its padding is only a matter of width, not a real leading
     * zero); that side then takes the other's width. {@code n9} and {@code n10} are equivalent,
     * {@code n9} and {@code n010} are not. Slurm compares the width pointers rather than the values,
     * so equal widths go through the same test (and pass).
     */
    static boolean combineWidths(HostRange n, HostRange m) {
        int npad = zeroPadding(n.lo, n.width);
        int nmpad = zeroPadding(n.lo, m.width);
        int mpad = zeroPadding(m.lo, m.width);
        int mnpad = zeroPadding(m.lo, n.width);
        if (npad != nmpad && mpad != mnpad) {
            return false;
        }
        if (npad != nmpad) {
            m.width = n.width;
        } else {
            n.width = m.width;
        }
        return true;
    }

    private static int zeroPadding(long n, int width) {
        int digits = 1;
        while ((n /= 10) != 0) {
            digits++;
        }
        return width > digits ? width - digits : 0;
    }

    void appendNumbers(StringBuilder sb) {
        appendPadded(sb, lo, width);
        if (lo < hi) {
            sb.append('-');
            appendPadded(sb, hi, width);
        }
    }

    static void appendPadded(StringBuilder sb, long v, int width) {
        String s = Long.toString(v);
        for (int i = s.length(); i < width; i++) {
            sb.append('0');
        }
        sb.append(s);
    }
}
