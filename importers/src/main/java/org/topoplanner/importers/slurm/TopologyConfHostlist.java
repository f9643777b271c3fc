package org.topoplanner.importers.slurm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.topoplanner.model.fabric.NaturalNameOrder;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.hostlist.HostlistSyntaxException;

/**
 * Slurm hostlists for the topology files: expansion of {@code node[01-08,10]},
 * {@code hpc[001-019],gpu[001-013]}, {@code switch.2.[1-6]}, {@code rack[1-2]-n[1-2]}, and
 * compression as {@code scontrol show hostlist} prints a sorted list.
 *
 * <p>Expansion and the final printing are {@link Hostlist}'s (exactly Slurm's). This class adds the
 * order the writers want: {@code scontrol show hostlist} neither sorts nor de-duplicates, so the
 * names are sorted first, grouped so that numbers Slurm cannot put in one bracket (different zero
 * padding) are not interleaved, and errors come back as a value with an offset for a column.
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
        try {
            List<String> names = Hostlist.expand(text);
            if (names.size() > MAX_NAMES) {
                return new Expansion(List.of(), "hostlist expands to more than " + MAX_NAMES + " names", 0);
            }
            return new Expansion(names, null, -1);
        } catch (HostlistSyntaxException e) {
            return new Expansion(List.of(), e.getMessage(), Math.max(0, Math.min(e.offset(), text.length())));
        }
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
        String oneBracket = oneBracket(names);
        return oneBracket != null ? oneBracket : sortedAndGrouped(names);
    }

    /**
     * The usual leaf ({@code node00001} to {@code node00032}): one prefix and numbers of one digit count,
     * written straight from the numbers in one bracket, as {@link #sortedAndGrouped} writes them, without a
     * string, split or sort entry per name. Such numbers print the same at that width, so Slurm joins them
     * all; in string order they are in number order. Null when the names are not of that shape.
     */
    static String oneBracket(Collection<String> names) {
        if (names.isEmpty()) {
            return null;
        }
        String first = names.iterator().next();
        int length = first.length();
        int k = length;
        while (k > 0 && isDigit(first.charAt(k - 1))) {
            k--;
        }
        int width = length - k;
        if (k == 0 || width == 0 || width > 18) {
            return null;
        }
        long[] values = new long[names.size()];
        int n = 0;
        for (String name : names) {
            if (name.length() != length || !name.regionMatches(0, first, 0, k)) {
                return null;
            }
            long v = 0;
            for (int i = k; i < length; i++) {
                char c = name.charAt(i);
                if (!isDigit(c)) {
                    return null;
                }
                v = v * 10 + (c - '0');
            }
            values[n++] = v;
        }
        if (!isSortedUnique(values)) {
            java.util.Arrays.sort(values);
        }
        StringBuilder sb = new StringBuilder(k + 2 + 12 * n).append(first, 0, k);
        if (values[0] == values[n - 1]) {
            return sb.append(first, k, length).toString();
        }
        sb.append('[');
        int i = 0;
        while (i < n) {
            long lo = values[i];
            long hi = lo;
            while (++i < n && values[i] <= hi + 1) {
                hi = values[i];
            }
            appendPadded(sb, lo, width);
            if (hi > lo) {
                appendPadded(sb.append('-'), hi, width);
            }
            sb.append(',');
        }
        sb.setCharAt(sb.length() - 1, ']');
        return sb.toString();
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isSortedUnique(long[] values) {
        for (int i = 1; i < values.length; i++) {
            if (values[i] <= values[i - 1]) {
                return false;
            }
        }
        return true;
    }

    private static void appendPadded(StringBuilder sb, long v, int width) {
        int digits = 1;
        for (long rest = v / 10; rest != 0; rest /= 10) {
            digits++;
        }
        for (; digits < width; digits++) {
            sb.append('0');
        }
        sb.append(v);
    }

    /** {@link #compress} for any names: sorted, grouped by prefix and zero padding, then Slurm's writing. */
    static String sortedAndGrouped(Collection<String> names) {
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
        List<String> ordered = new ArrayList<>();
        for (String key : keys) {
            if (plain.contains(key)) {
                ordered.add(key);
            }
            for (WidthGroup g : numbered.getOrDefault(key, List.of())) {
                g.members.forEach(m -> ordered.add(m.name));
            }
        }
        return Hostlist.compress(ordered);
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
