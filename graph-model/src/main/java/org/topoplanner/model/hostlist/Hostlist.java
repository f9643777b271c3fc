package org.topoplanner.model.hostlist;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Slurm hostlist expressions, expanded and compressed exactly as Slurm 22.05's {@code hostlist.c}
 * does ({@code scontrol show hostnames} and {@code scontrol show hostlist}).
 *
 * <p>Behaviours checked against the real {@code scontrol} (see {@code HostlistCasesTest}):
 * <ul>
 *   <li>Expansion keeps order and duplicates; commas and whitespace separate; several brackets
 *       expand as a product ({@code rack[1-2]-node[1-2]}), but text after the last bracket is an
 *       error ({@code a[1-2]b}); zero padding follows the low end ({@code [01-2]} = 01, 02;
 *       {@code [1-02]} = 1, 2); only numeric ranges; at most 65,536 hosts per range.</li>
 *   <li>Compression neither sorts nor removes duplicates: a host joins the previous range only if it
 *       has the same prefix, continues it by one and has an equivalent zero padding; neighbouring
 *       ranges of one prefix share a bracket ({@code n3,n1,n2,n1} = {@code n[3,1-2,1]}).</li>
 * </ul>
 * One deliberate difference: an unclosed bracket ({@code a[1-2}) is an error here, where Slurm
 * 22.05 prints the nonsense host {@code a]}.
 */
public final class Hostlist {
    /** Slurm's MAX_RANGE: the most hosts one bracket range may name. */
    static final int MAX_RANGE = 65536;

    private Hostlist() {
    }

    /** The host names an expression stands for, in order, duplicates kept. */
    public static List<String> expand(String expr) throws HostlistSyntaxException {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= expr.length(); i++) {
            char c = i < expr.length() ? expr.charAt(i) : ',';
            if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth = Math.max(0, depth - 1);
            }
            boolean separator = i == expr.length() || (depth == 0 && (c == ',' || Character.isWhitespace(c)));
            if (separator) {
                if (i > start) {
                    expandOne(expr.substring(start, i), start, out);
                }
                start = i + 1;
            }
        }
        return out;
    }

    /** Expands, or gives an empty list when the expression is invalid (for callers that report elsewhere). */
    public static List<String> expandOrEmpty(String expr) {
        try {
            return expand(expr);
        } catch (HostlistSyntaxException e) {
            return List.of();
        }
    }

    private static void expandOne(String host, int offset, List<String> out) throws HostlistSyntaxException {
        int open = host.indexOf('[');
        int close = host.indexOf(']');
        if (open < 0) {
            if (close >= 0 && close < host.length() - 1 && host.indexOf(']', close + 1) >= 0) {
                throw new HostlistSyntaxException("Invalid hostlist: " + host, offset + close);
            }
            out.add(host);
            return;
        }
        List<String> prefixes = new ArrayList<>();
        prefixes.add("");
        int pos = 0;
        while (pos < host.length()) {
            int o = host.indexOf('[', pos);
            if (o < 0) {
                // Slurm accepts text between brackets but none after the last one.
                throw new HostlistSyntaxException("Invalid hostlist: " + host
                        + " (text after the last bracket)", offset + pos);
            }
            int c = host.indexOf(']', o);
            if (c < 0) {
                throw new HostlistSyntaxException("Invalid hostlist: " + host + " (unclosed bracket)", offset + o);
            }
            String literal = host.substring(pos, o);
            if (literal.indexOf(']') >= 0 || host.substring(o + 1, c).indexOf('[') >= 0) {
                throw new HostlistSyntaxException("Invalid hostlist: " + host, offset + o);
            }
            List<String> numbers = ranges(host.substring(o + 1, c), offset + o + 1);
            List<String> next = new ArrayList<>(prefixes.size() * numbers.size());
            for (String p : prefixes) {
                for (String n : numbers) {
                    next.add(p + literal + n);
                }
            }
            prefixes = next;
            pos = c + 1;
        }
        out.addAll(prefixes);
    }

    /** The numbers of a bracket's contents ({@code 01-03,7}), each formatted with its range's width. */
    private static List<String> ranges(String inside, int offset) throws HostlistSyntaxException {
        List<String> out = new ArrayList<>();
        int at = 0;
        for (String part : inside.split(",", -1)) {
            int dash = part.indexOf('-');
            String lo = dash < 0 ? part : part.substring(0, dash);
            String hi = dash < 0 ? part : part.substring(dash + 1);
            if (!isDigits(lo) || !isDigits(hi) || lo.length() > 18 || hi.length() > 18) {
                throw new HostlistSyntaxException("Invalid range: `" + part + "' (only numeric ranges)", offset + at);
            }
            long l = Long.parseLong(lo);
            long h = Long.parseLong(hi);
            if (h < l) {
                throw new HostlistSyntaxException("Invalid range: `" + part + "' (descending)", offset + at);
            }
            if (h - l + 1 > MAX_RANGE) {
                throw new HostlistSyntaxException("Too many hosts in range `" + part + "'", offset + at);
            }
            int width = lo.length();
            for (long v = l; v <= h; v++) {
                out.add(pad(v, width));
            }
            at += part.length() + 1;
        }
        return out;
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

    static String pad(long v, int width) {
        String s = Long.toString(v);
        return s.length() >= width ? s : "0".repeat(width - s.length()) + s;
    }

    /** The shortest expression Slurm writes for these names, in their order. */
    public static String compress(Collection<String> names) {
        List<HostRange> ranges = new ArrayList<>();
        for (String name : names) {
            HostRange r = HostRange.of(name);
            HostRange tail = ranges.isEmpty() ? null : ranges.get(ranges.size() - 1);
            if (tail != null && tail.canAbsorb(r)) {
                ranges.set(ranges.size() - 1, tail.absorb(r));
            } else {
                ranges.add(r);
            }
        }
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < ranges.size()) {
            HostRange first = ranges.get(i);
            int j = i + 1;
            while (j < ranges.size() && first.sharesBracketWith(ranges.get(j))) {
                j++;
            }
            if (sb.length() > 0) {
                sb.append(',');
            }
            if (first.single()) {
                sb.append(first.prefix());
            } else if (j - i == 1 && first.lo() == first.hi()) {
                sb.append(first.prefix()).append(pad(first.lo(), first.width()));
            } else {
                sb.append(first.prefix()).append('[');
                for (int k = i; k < j; k++) {
                    if (k > i) {
                        sb.append(',');
                    }
                    sb.append(ranges.get(k).numbers());
                }
                sb.append(']');
            }
            i = j;
        }
        return sb.toString();
    }
}
