package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.List;

/**
 * Expands the Slurm hostlists of Topograph models ({@code node[1101-1118]}, {@code n[01-02,7]x},
 * {@code a,b}), keeping zero padding as written. A private stand-in until the model's shared
 * {@code Hostlist} lands in main; it covers what Topograph writes, not every Slurm corner.
 */
final class TopographHostlist {
    /** Names one expression may produce; a typo such as {@code n[1-999999999]} is refused. */
    static final int MAX_NAMES = 100_000;

    private TopographHostlist() {
    }

    /** The names, or an exception whose message says what is wrong. */
    static List<String> expand(String expression) {
        List<String> out = new ArrayList<>();
        for (String part : splitTopLevel(expression.strip())) {
            if (!part.isEmpty()) {
                expandOne(part, out);
            }
        }
        return out;
    }

    private static List<String> splitTopLevel(String s) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth--;
            } else if (c == ',' && depth == 0) {
                parts.add(s.substring(start, i).strip());
                start = i + 1;
            }
        }
        if (depth != 0) {
            throw new IllegalArgumentException("unbalanced brackets in hostlist '" + s + "'");
        }
        parts.add(s.substring(start).strip());
        return parts;
    }

    private static void expandOne(String s, List<String> out) {
        int open = s.indexOf('[');
        if (open < 0) {
            add(out, s);
            return;
        }
        int close = s.indexOf(']', open);
        if (close < 0) {
            throw new IllegalArgumentException("unbalanced brackets in hostlist '" + s + "'");
        }
        String prefix = s.substring(0, open);
        String rest = s.substring(close + 1);
        for (String range : s.substring(open + 1, close).split(",")) {
            String r = range.strip();
            int dash = r.indexOf('-');
            String lo = dash < 0 ? r : r.substring(0, dash);
            String hi = dash < 0 ? r : r.substring(dash + 1);
            if (!lo.matches("\\d{1,9}") || !hi.matches("\\d{1,9}")) {
                throw new IllegalArgumentException("'" + r + "' is not a numeric range (Slurm allows only numbers)");
            }
            long a = Long.parseLong(lo);
            long b = Long.parseLong(hi);
            if (b < a) {
                throw new IllegalArgumentException("range '" + r + "' runs backwards");
            }
            if (b - a + out.size() >= MAX_NAMES) {
                throw new IllegalArgumentException("hostlist '" + s + "' names more than " + MAX_NAMES + " hosts");
            }
            int width = lo.length();
            for (long n = a; n <= b; n++) {
                String num = String.valueOf(n);
                while (num.length() < width) {
                    num = "0" + num;
                }
                List<String> tail = new ArrayList<>();
                expandOne(prefix + num + rest, tail);
                for (String t : tail) {
                    add(out, t);
                }
            }
        }
    }

    private static void add(List<String> out, String name) {
        if (out.size() >= MAX_NAMES) {
            throw new IllegalArgumentException("hostlist names more than " + MAX_NAMES + " hosts");
        }
        out.add(name);
    }
}
