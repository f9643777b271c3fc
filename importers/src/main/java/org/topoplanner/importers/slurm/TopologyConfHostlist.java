package org.topoplanner.importers.slurm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.topoplanner.model.fabric.NaturalNameOrder;

/**
 * Slurm hostlists for the topology files: expansion of {@code node[01-08,10]},
 * {@code hpc[001-019],gpu[001-013]}, {@code switch.2.[1-6]}, {@code rack[1-2]-n[1-2]}, and
 * compression as {@code scontrol show hostlist} prints a sorted list.
 *
 * <p>A private stand-in until {@code org.topoplanner.model.hostlist.Hostlist} (branch
 * model-basics) lands; it reports errors with an offset instead of throwing, so readers can put a
 * column on them.
 */
final class TopologyConfHostlist {
    /** Slurm refuses larger ranges too (MAX_RANGE); the bound also keeps a typo from eating memory. */
    static final int MAX_NAMES = 1 << 20;

    private TopologyConfHostlist() {
    }

    /** The expanded names, or an error with its 0-based offset in the text. */
    record Expansion(List<String> names, String error, int errorOffset) {
        boolean ok() {
            return error == null;
        }
    }

    static Expansion expand(String text) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ',';
            if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth--;
                if (depth < 0) {
                    return new Expansion(out, "']' without '['", i);
                }
            } else if (c == ',' && depth == 0) {
                if (i > start) {
                    try {
                        expandOne(text, start, i, out);
                    } catch (BadHostlist e) {
                        return new Expansion(out, e.getMessage(), e.offset);
                    }
                }
                start = i + 1;
            }
        }
        if (depth != 0) {
            return new Expansion(out, "'[' without ']'", text.lastIndexOf('['));
        }
        return new Expansion(out, null, -1);
    }

    /** Internal: carries an error and its offset out of the recursion; never leaves this class. */
    private static final class BadHostlist extends Exception {
        final int offset;

        BadHostlist(String message, int offset) {
            super(message, null, false, false);
            this.offset = offset;
        }
    }

    /** Expands {@code text[from,to)} (one item, maybe several bracket groups) into {@code out}. */
    private static void expandOne(String text, int from, int to, List<String> out) throws BadHostlist {
        List<String> partial = new ArrayList<>();
        partial.add("");
        int p = from;
        while (p < to) {
            int open = text.indexOf('[', p);
            if (open < 0 || open >= to) {
                String lit = text.substring(p, to);
                partial.replaceAll(s -> s + lit);
                break;
            }
            String lit = text.substring(p, open);
            int close = text.indexOf(']', open);
            if (close < 0 || close >= to) {
                throw new BadHostlist("'[' without ']'", open);
            }
            List<String> numbers = new ArrayList<>();
            ranges(text, open + 1, close, numbers);
            if ((long) partial.size() * numbers.size() + out.size() > MAX_NAMES) {
                throw new BadHostlist("hostlist expands to more than " + MAX_NAMES + " names", open);
            }
            List<String> next = new ArrayList<>(partial.size() * numbers.size());
            for (String s : partial) {
                for (String n : numbers) {
                    next.add(s + lit + n);
                }
            }
            partial = next;
            p = close + 1;
        }
        out.addAll(partial);
    }

    /** {@code 01-08,10} between the brackets; only numeric ranges are valid (Slurm rejects {@code A-B}). */
    private static void ranges(String text, int from, int to, List<String> out) throws BadHostlist {
        int start = from;
        for (int i = from; i <= to; i++) {
            if (i < to && text.charAt(i) != ',') {
                continue;
            }
            String part = text.substring(start, i);
            int dash = part.indexOf('-');
            String lo = dash < 0 ? part : part.substring(0, dash);
            String hi = dash < 0 ? part : part.substring(dash + 1);
            if (!digits(lo) || !digits(hi)) {
                throw new BadHostlist("\"" + part + "\" is not a numeric range (Slurm accepts only ranges like 01-08)",
                        start);
            }
            long a = Long.parseLong(lo);
            long b = Long.parseLong(hi);
            if (b < a) {
                throw new BadHostlist("range \"" + part + "\" runs backwards", start);
            }
            if (b - a + 1 + out.size() > MAX_NAMES) {
                throw new BadHostlist("range \"" + part + "\" has more than " + MAX_NAMES + " names", start);
            }
            int width = lo.length();
            for (long v = a; v <= b; v++) {
                out.add(pad(v, width));
            }
            start = i + 1;
        }
    }

    private static boolean digits(String s) {
        if (s.isEmpty() || s.length() > 18) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static String pad(long v, int width) {
        String s = Long.toString(v);
        return s.length() >= width ? s : "0".repeat(width - s.length()) + s;
    }

    /**
     * The names compressed as {@code scontrol show hostlist} prints them once sorted and
     * de-duplicated: {@code node[01-03,05]}, {@code gpu[001-013],hpc[001-019]}, {@code node9}.
     * Numbers of different zero padding stay apart ({@code node[1-2],node[01-02]}), except that an
     * unpadded number joins a padded run when it prints the same at that width, as Slurm's
     * {@code _width_equiv} allows ({@code node[9-10]}).
     */
    static String compress(Collection<String> names) {
        // Key: the prefix of a numbered name, or an unnumbered name itself; natural order as Slurm sorts.
        TreeMap<String, List<WidthGroup>> numbered = new TreeMap<>(NaturalNameOrder.INSTANCE);
        TreeSet<String> plain = new TreeSet<>(NaturalNameOrder.INSTANCE);
        List<Numbered> all = new ArrayList<>();
        for (String name : new TreeSet<>(names)) {
            all.add(Numbered.of(name));
        }
        all.sort(Comparator.comparingLong(Numbered::value).thenComparingInt(Numbered::width));
        for (Numbered n : all) {
            if (n.value < 0) {
                plain.add(n.name);
                continue;
            }
            List<WidthGroup> groups = numbered.computeIfAbsent(n.prefix, k -> new ArrayList<>());
            WidthGroup home = groups.stream().filter(g -> g.accepts(n)).findFirst().orElse(null);
            if (home == null) {
                home = new WidthGroup();
                groups.add(home);
            }
            home.add(n);
        }
        TreeSet<String> keys = new TreeSet<>(NaturalNameOrder.INSTANCE);
        keys.addAll(plain);
        keys.addAll(numbered.keySet());
        StringBuilder out = new StringBuilder();
        for (String key : keys) {
            if (plain.contains(key)) {
                flush(new ArrayList<>(List.of(Numbered.of(key))), out);
            }
            for (WidthGroup g : numbered.getOrDefault(key, List.of())) {
                flush(g.members, out);
            }
        }
        return out.toString();
    }

    private static void flush(List<Numbered> group, StringBuilder out) {
        if (group.isEmpty()) {
            return;
        }
        if (out.length() > 0) {
            out.append(',');
        }
        Numbered first = group.get(0);
        if (group.size() == 1) {
            out.append(first.name);
            group.clear();
            return;
        }
        int width = group.stream().mapToInt(n -> n.padded() ? n.width : 0).max().orElse(0);
        out.append(first.prefix).append('[');
        int i = 0;
        while (i < group.size()) {
            int j = i;
            while (j + 1 < group.size() && group.get(j + 1).value == group.get(j).value + 1) {
                j++;
            }
            if (i > 0) {
                out.append(',');
            }
            out.append(pad(group.get(i).value, width));
            if (j > i) {
                out.append('-').append(pad(group.get(j).value, width));
            }
            i = j + 1;
        }
        out.append(']');
        group.clear();
    }

    /** A name split into a prefix and its trailing number ({@code switch.2.} and {@code 1}). */
    private record Numbered(String name, String prefix, long value, int width) {
        static Numbered of(String name) {
            int k = name.length();
            while (k > 0 && Character.isDigit(name.charAt(k - 1)) && name.charAt(k - 1) < 128) {
                k--;
            }
            if (k == name.length() || name.length() - k > 18) {
                return new Numbered(name, name, -1, 0);
            }
            return new Numbered(name, name.substring(0, k), Long.parseLong(name.substring(k)), name.length() - k);
        }

        boolean padded() {
            return value >= 0 && Long.toString(value).length() < width;
        }

        /** The width the number is padded to, or 0 when it is written without leading zeros. */
        int paddedWidth() {
            return padded() ? width : 0;
        }
    }

    /**
     * Numbers of one prefix that Slurm prints in one bracket: padded members share one width, and
     * unpadded members have at least that many digits, so all print unchanged at that width
     * (Slurm's {@code _width_equiv}).
     */
    private static final class WidthGroup {
        final List<Numbered> members = new ArrayList<>();
        private int width;
        private int minUnpaddedDigits = Integer.MAX_VALUE;

        boolean accepts(Numbered n) {
            int w = Math.max(width, n.paddedWidth());
            if (width != 0 && n.paddedWidth() != 0 && n.paddedWidth() != width) {
                return false;
            }
            boolean nFits = n.padded() || n.width >= w;
            return nFits && (w == 0 || minUnpaddedDigits >= w);
        }

        void add(Numbered n) {
            members.add(n);
            if (n.padded()) {
                width = n.width;
            } else {
                minUnpaddedDigits = Math.min(minUnpaddedDigits, n.width);
            }
        }
    }
}
