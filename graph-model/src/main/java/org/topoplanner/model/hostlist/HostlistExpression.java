package org.topoplanner.model.hostlist;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads one hostlist expression and expands it, following Slurm 22.05's
 * {@code _hostlist_create_bracketed}, {@code _next_tok} and {@code _push_range_list}, but refusing
 * (with the offset) what Slurm only accepts by accident. See {@link Hostlist} for the list.
 */
final class HostlistExpression {
    /** Slurm's MAX_RANGE: the most hosts one bracket range may name. */
    static final int MAX_RANGE = 65536;
    /**
     * Our own cap on a whole expression, as many hosts as Slurm's MAX_RANGE: far above the largest
     * clusters, and checked on the product of the brackets before a name is built, so that a short
     * line such as {@code a[1-65536][1-65536]} fails at once instead of building a model of a
     * million hosts for a minute.
     */
    static final int MAX_HOSTS = 65536;

    private final String expr;
    private long hosts;

    private HostlistExpression(String expr) {
        this.expr = expr;
    }

    static List<String> expand(String expr) throws HostlistSyntaxException {
        return new HostlistExpression(expr).expandAll();
    }

    /** Slurm separates with comma, space, tab and newline; other whitespace (a CR) separates too here. */
    static boolean isSeparator(char c) {
        return c == ',' || Character.isWhitespace(c);
    }

    private List<String> expandAll() throws HostlistSyntaxException {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = expr.length();
        while (i < n) {
            if (isSeparator(expr.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            int open = -1;
            while (i < n && (open >= 0 || !isSeparator(expr.charAt(i)))) {
                char c = expr.charAt(i);
                if (c == '[') {
                    if (open >= 0) {
                        throw error("'[' inside a bracket (brackets do not nest)", i);
                    }
                    open = i;
                } else if (c == ']') {
                    if (open < 0) {
                        throw error("']' without a '[' before it", i);
                    }
                    open = -1;
                }
                i++;
            }
            if (open >= 0) {
                throw error("unclosed bracket: the '[' is never closed", open);
            }
            expandName(start, i, out);
        }
        return out;
    }

    /** One name of the list, from {@code start} to {@code end}: literal text and brackets, a bracket last. */
    private void expandName(int start, int end, List<String> out) throws HostlistSyntaxException {
        List<String> literals = new ArrayList<>();
        List<List<String>> brackets = new ArrayList<>();
        int pos = start;
        while (true) {
            int open = expr.indexOf('[', pos);
            if (open < 0 || open >= end) {
                if (brackets.isEmpty()) {
                    out.add(expr.substring(start, end));
                    hosts++;
                    checkTotal(start);
                    return;
                }
                if (pos < end) {
                    // Slurm: "Invalid hostlist". Text may stand between brackets but not after the last one.
                    throw error("text after the last ']' ('" + expr.substring(pos, end)
                            + "'): a range must end the name", pos);
                }
                break;
            }
            int close = expr.indexOf(']', open);
            literals.add(expr.substring(pos, open));
            brackets.add(numbers(open + 1, close));
            pos = close + 1;
        }
        long product = 1;
        for (List<String> b : brackets) {
            product *= b.size();
            if (product > MAX_HOSTS) {
                break;
            }
        }
        hosts += product;
        checkTotal(start);
        int k = brackets.size() - 1;
        // Slurm's nesting: the second-to-last bracket varies slowest, then the ones before it down to
        // the first, and the last bracket fastest (a[1-2]b[3-4]c[5-6] gives a1b3c5 a1b3c6 a2b3c5 ...).
        int[] order = new int[k + 1];
        for (int level = 0; level < k; level++) {
            order[level] = k - 1 - level;
        }
        order[k] = k;
        product(literals, brackets, order, 0, new int[k + 1], out);
    }

    private static void product(List<String> literals, List<List<String>> brackets, int[] order, int level,
                                int[] pick, List<String> out) {
        if (level == order.length) {
            StringBuilder sb = new StringBuilder();
            for (int b = 0; b < brackets.size(); b++) {
                sb.append(literals.get(b)).append(brackets.get(b).get(pick[b]));
            }
            out.add(sb.toString());
            return;
        }
        int b = order[level];
        for (int v = 0; v < brackets.get(b).size(); v++) {
            pick[b] = v;
            product(literals, brackets, order, level + 1, pick, out);
        }
    }

    /** The numbers of a bracket's contents ({@code 01-03,7}), each written with its range's width. */
    private List<String> numbers(int from, int to) throws HostlistSyntaxException {
        List<String> out = new ArrayList<>();
        int partStart = from;
        for (int i = from; i <= to; i++) {
            if (i < to && expr.charAt(i) != ',') {
                continue;
            }
            range(partStart, i, out);
            if (out.size() > MAX_HOSTS) {
                throw error("expands to more than " + MAX_HOSTS + " hosts", from);
            }
            partStart = i + 1;
        }
        return out;
    }

    private void range(int from, int to, List<String> out) throws HostlistSyntaxException {
        String part = expr.substring(from, to);
        int dash = part.indexOf('-');
        String lo = dash < 0 ? part : part.substring(0, dash);
        String hi = dash < 0 ? part : part.substring(dash + 1);
        if (part.isEmpty()) {
            throw error("Invalid range: `' (empty; write a number or lo-hi)", from);
        }
        if (!isDigits(lo) || !isDigits(hi)) {
            throw error("Invalid range: `" + part + "' (only numeric ranges such as 1-8 or 01-08)", from);
        }
        if (lo.length() > HostRange.MAX_DIGITS || hi.length() > HostRange.MAX_DIGITS) {
            throw error("Invalid range: `" + part + "' (more than " + HostRange.MAX_DIGITS + " digits)", from);
        }
        long l = Long.parseLong(lo);
        long h = Long.parseLong(hi);
        if (h < l) {
            throw error("Invalid range: `" + part + "' (descending: the end is below the start)", from);
        }
        if (h - l + 1 > MAX_RANGE) {
            throw error("Too many hosts in range `" + part + "' (at most " + MAX_RANGE + ")", from);
        }
        int width = lo.length();
        StringBuilder sb = new StringBuilder();
        for (long v = l; v <= h; v++) {
            sb.setLength(0);
            HostRange.appendPadded(sb, v, width);
            out.add(sb.toString());
        }
    }

    private void checkTotal(int at) throws HostlistSyntaxException {
        if (hosts > MAX_HOSTS) {
            throw error("expands to more than " + MAX_HOSTS + " hosts", at);
        }
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

    private HostlistSyntaxException error(String message, int offset) {
        return new HostlistSyntaxException(message, expr, offset);
    }
}
