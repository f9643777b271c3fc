package org.topoplanner.model.hostlist;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;

/** Random hostlist questions for the comparison with real Slurm: expressions (some broken) and name lists. */
final class HostlistCaseGenerator {
    private static final String[] PREFIXES = {"node", "n", "gpu-", "10.0.0.", "rack1-n", "sw.2.", "a", "x2y", "N", ""};
    private static final String[] BETWEEN = {"", "-", ".", "b", "-n"};
    private static final Pattern RANGE = Pattern.compile("\\d{1,18}(-\\d{1,18})?");

    private HostlistCaseGenerator() {
    }

    /** An expression of one to three names, each plain or with one to four brackets; one in six is mangled. */
    static String expression(Random r) {
        StringBuilder sb = new StringBuilder();
        int names = 1 + r.nextInt(3);
        for (int k = 0; k < names; k++) {
            if (k > 0) {
                sb.append(pick(r, ",", ",", " ", ",,", "\t", ", "));
            }
            sb.append(pick(r, PREFIXES));
            if (r.nextInt(5) == 0) {
                sb.append(number(r));
                continue;
            }
            int brackets = 1 + (r.nextInt(3) == 0 ? r.nextInt(4) : 0);
            for (int b = 0; b < brackets; b++) {
                if (b > 0) {
                    sb.append(pick(r, BETWEEN));
                }
                sb.append('[').append(ranges(r, brackets > 2 ? 2 : 3)).append(']');
            }
            if (r.nextInt(12) == 0) {
                sb.append(pick(r, "x", "-y"));
            }
        }
        String expr = sb.toString();
        return r.nextInt(6) == 0 ? mangle(r, expr) : expr;
    }

    private static String ranges(Random r, int maxParts) {
        StringBuilder sb = new StringBuilder();
        int parts = 1 + r.nextInt(maxParts);
        for (int p = 0; p < parts; p++) {
            if (p > 0) {
                sb.append(',');
            }
            int lo = r.nextInt(4) == 0 ? 95 + r.nextInt(10) : r.nextInt(14);
            int width = 1 + r.nextInt(3);
            sb.append(Hostlist.pad(lo, width));
            if (r.nextBoolean()) {
                int hi = lo + r.nextInt(6) - (r.nextInt(10) == 0 ? 8 : 0);
                sb.append('-').append(Hostlist.pad(Math.max(hi, 0), r.nextInt(3) == 0 ? 1 + r.nextInt(3) : width));
            }
        }
        return sb.toString();
    }

    private static String number(Random r) {
        return Hostlist.pad(r.nextInt(120), 1 + r.nextInt(3));
    }

    private static String mangle(Random r, String expr) {
        int at = r.nextInt(expr.length() + 1);
        if (r.nextBoolean() && at < expr.length()) {
            return expr.substring(0, at) + expr.substring(at + 1);
        }
        return expr.substring(0, at) + pick(r, "[", "]", "a", " ", "+", "-", ",", "x") + expr.substring(at);
    }

    /**
     * Whether Slurm may accept this only by accident, where {@link Hostlist} refuses on purpose:
     * brackets that do not pair up, or a range that is not plain digits ({@code 1a-3}, {@code 1-}).
     */
    static boolean acceptedByAccident(String expr) {
        int open = -1;
        for (int i = 0; i < expr.length(); i++) {
            char c = expr.charAt(i);
            if (c == '[') {
                if (open >= 0) {
                    return true;
                }
                open = i;
            } else if (c == ']') {
                if (open < 0) {
                    return true;
                }
                for (String part : expr.substring(open + 1, i).split(",", -1)) {
                    if (!RANGE.matcher(part).matches()) {
                        return true;
                    }
                }
                open = -1;
            }
        }
        return open >= 0;
    }

    /** One to fifteen host names in runs, with odd widths, digits inside prefixes, bare names and repeats. */
    static List<String> names(Random r) {
        List<String> out = new ArrayList<>();
        int n = 1 + r.nextInt(15);
        String prefix = pick(r, PREFIXES);
        int num = r.nextInt(120);
        for (int i = 0; i < n; i++) {
            if (r.nextInt(4) == 0) {
                prefix = pick(r, PREFIXES);
            }
            if (r.nextInt(10) == 0 && !prefix.isEmpty()) {
                out.add(prefix.replaceAll("[-.]$", ""));
                continue;
            }
            if (r.nextInt(8) == 0 && !out.isEmpty()) {
                out.add(out.get(r.nextInt(out.size())));
                continue;
            }
            num = r.nextInt(4) == 0 ? pick(r, 0, 8, 9, 10, 98, 99, 100, r.nextInt(1200)) : num + 1;
            int width = r.nextInt(3) == 0 ? 1 + r.nextInt(4) : 1;
            out.add(prefix + Hostlist.pad(num, width) + (r.nextInt(12) == 0 ? ".ib" : ""));
        }
        return out;
    }

    @SafeVarargs
    private static <T> T pick(Random r, T... choices) {
        return choices[r.nextInt(choices.length)];
    }
}
