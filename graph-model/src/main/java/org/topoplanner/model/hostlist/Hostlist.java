package org.topoplanner.model.hostlist;

import java.util.Collection;
import java.util.List;

/**
 * Slurm hostlist expressions ({@code node[01-08,10]}), expanded and compressed exactly as Slurm
 * 22.05's {@code hostlist.c} does, so that what we read and write means to Slurm what it means to us.
 *
 * <p>Checked against the real Slurm 22.05.8 (tables in {@code hostlist/*.tsv}, and a live
 * comparison in {@code HostlistAgainstScontrolTest} where Slurm is installed):
 * <ul>
 *   <li>{@link #expand} is {@code scontrol show hostnames}: order and duplicates kept; comma, space,
 *       tab and newline separate; zero padding follows the low end ({@code [01-3]} = 01 02 03,
 *       {@code [1-010]} = 1 … 10); only numeric ranges; at most 65,536 hosts per range; several
 *       brackets expand as a product ({@code rack[1-2]-node[1-3]}), but text after the last bracket
 *       is an error ({@code a[1-2]b}). With three or more brackets Slurm varies the second-to-last
 *       bracket slowest and the last fastest: {@code a[1-2]b[3-4]c[5-6]} gives
 *       {@code a1b3c5 a1b3c6 a2b3c5 a2b3c6 a1b4c5 …}.</li>
 *   <li>{@link #compress} is {@code scontrol show hostlist}, which in 22.05 neither sorts nor removes
 *       duplicates ({@code n3,n1,n2,n1} → {@code n[3,1-2,1]}).</li>
 *   <li>{@link #compressSorted} is Slurm's {@code hostlist_uniq} followed by the same writing: sorted
 *       (prefixes in natural order, {@code rack2-n1} before {@code rack10-n1}), duplicates removed,
 *       touching ranges merged. This is the form for files we write.</li>
 *   <li>Zero padding: {@code n9,n10} → {@code n[9-10]} and {@code n09,n100} → {@code n[09,100]} (a
 *       number's width only matters when it really has a leading zero), but {@code n1,n01} stay two
 *       hosts ({@code n[1,01]}) and {@code n9,n010} do not merge.</li>
 * </ul>
 *
 * <p>Where Slurm 22.05 accepts input only by accident, we refuse it with the offset instead (a
 * planner should point at the typo, not plan for a host that does not exist): an unclosed bracket
 * ({@code n[1-3} is the host {@code n]} to Slurm), a stray or nested bracket, sloppy numbers in a
 * range ({@code [1a-3]}, {@code [ 1-2]}, {@code [+1-2]} and {@code [1-]} all expand in Slurm), and
 * numbers of more than 18 digits (Slurm clamps them to 2<sup>64</sup>-1), and an invalid range in
 * any bracket but the last two of a name (with three or more brackets Slurm logs the error, drops that
 * name and expands the rest of the list). Whitespace other than
 * space, tab and newline (a carriage return) separates names here; Slurm would keep it in the name.
 * A whole expression may name at most 2<sup>20</sup> hosts.
 */
public final class Hostlist {

    /** The most hosts one expression may name (see {@link HostlistExpression#MAX_HOSTS}). */
    public static final int MAX_HOSTS = HostlistExpression.MAX_HOSTS;

    private Hostlist() {
    }

    /** The host names an expression stands for, in order, duplicates kept ({@code scontrol show hostnames}). */
    public static List<String> expand(String expr) throws HostlistSyntaxException {
        return HostlistExpression.expand(expr);
    }

    /** Expands, or gives an empty list when the expression is invalid (for callers that report elsewhere). */
    public static List<String> expandOrEmpty(String expr) {
        try {
            return expand(expr);
        } catch (HostlistSyntaxException e) {
            return List.of();
        }
    }

    /**
     * The expression {@code scontrol show hostlist} writes for these names, in their order and with
     * their duplicates: a name joins the previous range when it continues it.
     *
     * @throws IllegalArgumentException for an empty name or one holding a separator or a bracket,
     *                                  which no expression could give back
     */
    public static String compress(Collection<String> names) {
        return ranges(names).toString();
    }

    /**
     * The expression Slurm writes for these names as a set ({@code hostlist_uniq}): sorted as Slurm
     * sorts, duplicates removed. {@code expand(compressSorted(x))} is {@code x} sorted and unique.
     * Linear after an {@code n log n} sort; 16,384 names take milliseconds.
     *
     * @throws IllegalArgumentException as {@link #compress}
     */
    public static String compressSorted(Collection<String> names) {
        RangeList list = ranges(names);
        list.sortUnique();
        return list.toString();
    }

    private static RangeList ranges(Collection<String> names) {
        RangeList list = new RangeList();
        for (String name : names) {
            requireHostName(name);
            list.push(name);
        }
        return list;
    }

    private static void requireHostName(String name) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("empty host name");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '[' || c == ']' || HostlistExpression.isSeparator(c)) {
                throw new IllegalArgumentException("host name '" + name + "' holds '" + c
                        + "', which a hostlist cannot carry");
            }
        }
    }

    /** {@code v} written with at least {@code width} digits, zero-padded, as Slurm writes range numbers. */
    static String pad(long v, int width) {
        StringBuilder sb = new StringBuilder();
        HostRange.appendPadded(sb, v, width);
        return sb.toString();
    }
}
