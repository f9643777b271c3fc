package org.topoplanner.importers.slurm;

import java.util.ArrayList;
import java.util.List;

/**
 * Slurm hostlist expressions, expanded and compressed as {@code scontrol show hostnames} and
 * {@code scontrol show hostlist} of Slurm 22.05 do. A small stand-in, private to this package, until
 * the model's {@code Hostlist} lands on main; the behaviour pinned by its tests is the real tool's.
 *
 * <ul>
 *   <li>{@code node[01-03,10]}: ranges keep the zero padding of their lower bound ({@code n[01-3]}
 *       gives {@code n01 n02 n03}); ranges are numeric only ({@code leaf[A-B]} is an error);</li>
 *   <li>several expressions separated by commas outside brackets; several brackets multiply
 *       ({@code a[1-2]b[3-4]}); text after the last bracket is an error ({@code n[1-2]-ib});</li>
 *   <li>compression joins consecutive numbers whose padding is compatible and brackets neighbouring
 *       ranges of the same prefix, keeping the given order ({@code n3,n1,n2} gives {@code n[3,1-2]}).</li>
 * </ul>
 */
final class SlurmHostlist {
    /** Slurm refuses ranges bigger than this ({@code MAX_RANGE} in hostlist.c); it also bounds our work. */
    static final int MAX_HOSTS = 64 * 1024;

    private SlurmHostlist() {
    }

    /** Expands an expression; throws {@link IllegalArgumentException} with Slurm's reason when invalid. */
    static List<String> expand(String expression) {
        List<String> out = new ArrayList<>();
        for (String piece : splitTopLevel(expression)) {
            expandPiece(piece, "", out);
        }
        return out;
    }

    private static List<String> splitTopLevel(String s) {
        List<String> pieces = new ArrayList<>();
        int depth = 0;
        StringBuilder cur = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth = Math.max(0, depth - 1);
            }
            if ((c == ',' || Character.isWhitespace(c)) && depth == 0) {
                if (cur.length() > 0) {
                    pieces.add(cur.toString());
                }
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        if (cur.length() > 0) {
            pieces.add(cur.toString());
        }
        return pieces;
    }

    private static void expandPiece(String piece, String head, List<String> out) {
        int open = piece.indexOf('[');
        if (open < 0) {
            add(out, head + piece);
            return;
        }
        int close = piece.indexOf(']', open);
        if (close < 0) {
            throw new IllegalArgumentException("unclosed '[' in '" + piece + "'");
        }
        String prefix = piece.substring(0, open);
        String rest = piece.substring(close + 1);
        if (!rest.isEmpty() && rest.indexOf('[') < 0) {
            throw new IllegalArgumentException("text '" + rest + "' after ']' (Slurm rejects it)");
        }
        for (String range : piece.substring(open + 1, close).split(",", -1)) {
            String r = range.strip();
            int dash = r.indexOf('-');
            String lo = dash < 0 ? r : r.substring(0, dash);
            String hi = dash < 0 ? r : r.substring(dash + 1);
            if (!isDigits(lo) || !isDigits(hi) || lo.length() > 18 || hi.length() > 18) {
                throw new IllegalArgumentException("invalid range '" + r + "' (ranges are numeric only)");
            }
            long from = Long.parseLong(lo);
            long to = Long.parseLong(hi);
            if (to < from) {
                throw new IllegalArgumentException("invalid range '" + r + "' (descending)");
            }
            if (to - from >= MAX_HOSTS || out.size() + (to - from) >= MAX_HOSTS) {
                throw new IllegalArgumentException("too many hosts in '" + piece + "' (more than " + MAX_HOSTS + ")");
            }
            for (long n = from; n <= to; n++) {
                String number = pad(n, lo.length());
                if (rest.isEmpty()) {
                    add(out, head + prefix + number);
                } else {
                    expandPiece(rest, head + prefix + number, out);
                }
            }
        }
    }

    private static void add(List<String> out, String host) {
        if (out.size() >= MAX_HOSTS) {
            throw new IllegalArgumentException("more than " + MAX_HOSTS + " hosts");
        }
        out.add(host);
    }

    private static boolean isDigits(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static String pad(long n, int width) {
        String s = Long.toString(n);
        return s.length() >= width ? s : "0".repeat(width - s.length()) + s;
    }

    /** Compresses host names in the given order, as {@code scontrol show hostlist} does. */
    static String compress(List<String> hosts) {
        List<Range> ranges = new ArrayList<>();
        for (String h : hosts) {
            Range r = Range.of(h);
            Range tail = ranges.isEmpty() ? null : ranges.get(ranges.size() - 1);
            if (tail != null && !tail.single && !r.single && tail.prefix.equals(r.prefix) && tail.hi == r.lo - 1) {
                int[] widths = widthEquivalent(tail.lo, tail.width, r.lo, r.width);
                if (widths != null) {
                    ranges.set(ranges.size() - 1, new Range(tail.prefix, tail.lo, r.hi, widths[0], false));
                    continue;
                }
            }
            ranges.add(r);
        }
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < ranges.size()) {
            Range first = ranges.get(i);
            int j = i + 1;
            while (j < ranges.size() && !first.single && !ranges.get(j).single
                    && ranges.get(j).prefix.equals(first.prefix)) {
                j++;
            }
            if (sb.length() > 0) {
                sb.append(',');
            }
            if (first.single) {
                sb.append(first.prefix);
            } else if (j == i + 1 && first.lo == first.hi) {
                sb.append(first.prefix).append(pad(first.lo, first.width));
            } else {
                sb.append(first.prefix).append('[');
                for (int k = i; k < j; k++) {
                    Range r = ranges.get(k);
                    if (k > i) {
                        sb.append(',');
                    }
                    sb.append(pad(r.lo, r.width));
                    if (r.hi != r.lo) {
                        sb.append('-').append(pad(r.hi, r.width));
                    }
                }
                sb.append(']');
            }
            i = j;
        }
        return sb.toString();
    }

    /** Slurm's {@code _width_equiv}: the widths to use when the paddings are compatible, else null. */
    private static int[] widthEquivalent(long n, int wn, long m, int wm) {
        if (wn == wm) {
            return new int[] {wn, wm};
        }
        boolean nDiffers = zeroPadding(n, wn) != zeroPadding(n, wm);
        boolean mDiffers = zeroPadding(m, wm) != zeroPadding(m, wn);
        if (nDiffers && mDiffers) {
            return null;
        }
        return nDiffers ? new int[] {wn, wn} : new int[] {wm, wm};
    }

    private static int zeroPadding(long num, int width) {
        int digits = Long.toString(num).length();
        return width > digits ? width - digits : 0;
    }

    private record Range(String prefix, long lo, long hi, int width, boolean single) {
        static Range of(String host) {
            int k = host.length();
            while (k > 0 && Character.isDigit(host.charAt(k - 1)) && host.charAt(k - 1) <= '9') {
                k--;
            }
            String digits = host.substring(k);
            if (digits.isEmpty() || digits.length() > 18) {
                return new Range(host, 0, 0, 0, true);
            }
            long n = Long.parseLong(digits);
            return new Range(host.substring(0, k), n, n, digits.length(), false);
        }
    }
}
