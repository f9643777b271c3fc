package org.topoplanner.importers.export;

import java.util.ArrayList;
import java.util.List;

/**
 * A unified diff of two texts, as {@code diff -u} prints it (3 lines of context, {@code @@ -a,b +c,d @@}
 * hunks), so that an export refusing to overwrite a hand-edited file can show exactly what the edit was.
 * The common prefix and suffix are cut first and the rest compared by longest common subsequence; an
 * edit so large that the table would not fit in memory is shown as the whole middle removed and added.
 */
public final class LineDiff {
    private static final int CONTEXT = 3;
    private static final long MAX_CELLS = 20_000_000L;

    private LineDiff() {
    }

    private record Op(char kind, String line, int a, int b) {
    }

    public static String unified(String labelA, String a, String labelB, String b) {
        List<String> x = lines(a);
        List<String> y = lines(b);
        List<Op> ops = ops(x, y);
        StringBuilder out = new StringBuilder();
        out.append("--- ").append(labelA).append('\n').append("+++ ").append(labelB).append('\n');
        int i = 0;
        while (i < ops.size()) {
            if (ops.get(i).kind == ' ') {
                i++;
                continue;
            }
            int start = Math.max(0, i - CONTEXT);
            int end = i;
            int lastChange = i;
            while (end < ops.size() && (ops.get(end).kind != ' ' || end - lastChange <= 2 * CONTEXT)) {
                if (ops.get(end).kind != ' ') {
                    lastChange = end;
                }
                end++;
            }
            end = Math.min(ops.size(), lastChange + CONTEXT + 1);
            hunk(out, ops.subList(start, end));
            i = end;
        }
        return out.toString();
    }

    private static void hunk(StringBuilder out, List<Op> ops) {
        int aStart = ops.get(0).a;
        int bStart = ops.get(0).b;
        int aLen = (int) ops.stream().filter(o -> o.kind != '+').count();
        int bLen = (int) ops.stream().filter(o -> o.kind != '-').count();
        out.append("@@ -").append(aLen == 0 ? aStart : aStart + 1).append(',').append(aLen)
                .append(" +").append(bLen == 0 ? bStart : bStart + 1).append(',').append(bLen).append(" @@\n");
        ops.forEach(o -> out.append(o.kind).append(o.line).append('\n'));
    }

    private static List<Op> ops(List<String> x, List<String> y) {
        int pre = 0;
        while (pre < x.size() && pre < y.size() && x.get(pre).equals(y.get(pre))) {
            pre++;
        }
        int suf = 0;
        while (suf < x.size() - pre && suf < y.size() - pre
                && x.get(x.size() - 1 - suf).equals(y.get(y.size() - 1 - suf))) {
            suf++;
        }
        List<Op> ops = new ArrayList<>();
        for (int k = 0; k < pre; k++) {
            ops.add(new Op(' ', x.get(k), k, k));
        }
        List<String> mx = x.subList(pre, x.size() - suf);
        List<String> my = y.subList(pre, y.size() - suf);
        int n = mx.size();
        int m = my.size();
        if ((long) (n + 1) * (m + 1) > MAX_CELLS) {
            for (int k = 0; k < n; k++) {
                ops.add(new Op('-', mx.get(k), pre + k, pre));
            }
            for (int k = 0; k < m; k++) {
                ops.add(new Op('+', my.get(k), pre + n, pre + k));
            }
        } else {
            int[][] lcs = new int[n + 1][m + 1];
            for (int i = n - 1; i >= 0; i--) {
                for (int j = m - 1; j >= 0; j--) {
                    lcs[i][j] = mx.get(i).equals(my.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
                }
            }
            int i = 0;
            int j = 0;
            while (i < n || j < m) {
                if (i < n && j < m && mx.get(i).equals(my.get(j))) {
                    ops.add(new Op(' ', mx.get(i), pre + i, pre + j));
                    i++;
                    j++;
                } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
                    ops.add(new Op('-', mx.get(i), pre + i, pre + j));
                    i++;
                } else {
                    ops.add(new Op('+', my.get(j), pre + i, pre + j));
                    j++;
                }
            }
        }
        for (int k = 0; k < suf; k++) {
            ops.add(new Op(' ', x.get(x.size() - suf + k), x.size() - suf + k, y.size() - suf + k));
        }
        return ops;
    }

    private static List<String> lines(String text) {
        if (text.isEmpty()) {
            return List.of();
        }
        String t = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        return List.of(t.split("\n", -1));
    }
}
