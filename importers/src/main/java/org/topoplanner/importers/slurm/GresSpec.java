package org.topoplanner.importers.slurm;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.topoplanner.model.cpu.CpuSet;

/**
 * One element of a {@code slurm.conf} {@code Gres=} list: {@code gpu:h100:8(S:0-1)} is name
 * {@code gpu}, type {@code h100}, count 8 and sockets 0-1. The list is comma separated outside
 * parentheses ({@code gpu:a100:2(S:0,1),nic:1}).
 *
 * @param type    the type, else {@code null}
 * @param sockets the {@code (S:...)} socket list, else {@code null}
 */
record GresSpec(String name, String type, long count, CpuSet sockets) {

    /** Parses a whole {@code Gres=} value; throws {@link IllegalArgumentException} naming the bad element. */
    static List<GresSpec> parseList(String value) {
        List<GresSpec> out = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= value.length(); i++) {
            char c = i < value.length() ? value.charAt(i) : ',';
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth = Math.max(0, depth - 1);
            } else if (c == ',' && depth == 0) {
                String element = value.substring(start, i).strip();
                if (!element.isEmpty() && !element.equalsIgnoreCase("(null)")) {
                    out.add(parse(element));
                }
                start = i + 1;
            }
        }
        return out;
    }

    static GresSpec parse(String element) {
        String body = element;
        CpuSet sockets = null;
        int paren = element.indexOf('(');
        if (paren >= 0) {
            String inner = element.substring(paren + 1, element.endsWith(")") ? element.length() - 1 : element.length());
            body = element.substring(0, paren);
            if (!inner.toUpperCase(Locale.ROOT).startsWith("S:")) {
                throw new IllegalArgumentException("unknown '(" + inner + ")' in '" + element + "'");
            }
            sockets = CpuSet.parse(inner.substring(2));
        }
        String[] parts = body.split(":", -1);
        if (parts[0].isBlank() || parts.length > 3) {
            throw new IllegalArgumentException("not NAME[:TYPE][:COUNT]: '" + element + "'");
        }
        String type = null;
        long count = 1;
        if (parts.length == 2) {
            Long n = count(parts[1]);
            if (n == null) {
                type = parts[1];
            } else {
                count = n;
            }
        } else if (parts.length == 3) {
            type = parts[1];
            Long n = count(parts[2]);
            if (n == null) {
                throw new IllegalArgumentException("count '" + parts[2] + "' is not a number in '" + element + "'");
            }
            count = n;
        }
        if (type != null && type.isBlank()) {
            type = null;
        }
        return new GresSpec(parts[0], type, count, sockets);
    }

    /** A count with Slurm's K/M/G/T/P suffixes (powers of 1024), else null. */
    static Long count(String s) {
        String t = s.strip();
        if (t.isEmpty()) {
            return null;
        }
        long mult = 1;
        char last = Character.toUpperCase(t.charAt(t.length() - 1));
        int exp = "KMGTP".indexOf(last);
        if (exp >= 0) {
            mult = 1L << (10 * (exp + 1));
            t = t.substring(0, t.length() - 1);
        }
        if (t.isEmpty() || t.length() > 12 || !t.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
            return null;
        }
        return Long.parseLong(t) * mult;
    }

    boolean isGpu() {
        return name.equalsIgnoreCase("gpu");
    }

    /** Total GPUs a {@code Gres=} value declares, or -1 when it does not mention gpu. */
    static long gpuCount(List<GresSpec> specs) {
        boolean any = specs.stream().anyMatch(GresSpec::isGpu);
        return any ? specs.stream().filter(GresSpec::isGpu).mapToLong(GresSpec::count).sum() : -1;
    }
}
