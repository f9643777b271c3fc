package org.topoplanner.model.hostlist;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class HostlistPropertiesTest {
    /** Prefixes in Slurm's (natural) order; a bare prefix is also a name of its own. */
    private static final List<String> PREFIXES = List.of("a", "gpu-", "n", "node", "rack2-n", "rack10-n", "x");

    @Property(tries = 300)
    void expandingTheCompressedFormGivesTheSameNamesInOrder(@ForAll("mixedNames") List<String> names) throws Exception {
        assertThat(Hostlist.expand(Hostlist.compress(names))).containsExactlyElementsOf(names);
    }

    @Property(tries = 300)
    void expandingTheSortedFormGivesTheNamesSortedAndUnique(@ForAll("consistentNames") List<String> names)
            throws Exception {
        List<String> expected = names.stream().distinct().sorted(slurmOrder()).toList();
        assertThat(Hostlist.expand(Hostlist.compressSorted(names))).containsExactlyElementsOf(expected);
    }

    /**
     * Only where each prefix has one padding: with mixed padding libslurm's {@code hostlist_uniq} itself
     * depends on the input order (its range comparison is no total order there), as the example below
     * shows; a mixed-names version of this property failed in a run for exactly that reason.
     */
    @Property(tries = 300)
    void theSortedFormIgnoresOrderAndDuplicates(@ForAll("consistentNames") List<String> names, @ForAll long seed)
            throws Exception {
        String sorted = Hostlist.compressSorted(names);
        List<String> shuffled = new ArrayList<>(names);
        shuffled.addAll(names.subList(0, names.size() / 2));
        Collections.shuffle(shuffled, new Random(seed));
        assertThat(Hostlist.compressSorted(shuffled)).isEqualTo(sorted);
        assertThat(Hostlist.expand(sorted)).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(
                names.stream().distinct().toList());
        assertThat(Hostlist.compressSorted(Hostlist.expand(sorted))).isEqualTo(sorted);
    }

    /**
     * Mixed padding: real libslurm 22.05.8 {@code hostlist_uniq} (the C probe in src/test/oracle/hostlist)
     * answers {@code node[9-10,00]} for {@code node00,node9,node10,node00} but {@code node[9,00,10]} for
     * {@code node9,node00,node10,node00}; the emulation follows its merge sort step for step, so it must too.
     * Shrunk from a failing try of the property above (jqwik seed 7462710269617167827).
     */
    @Example
    void mixedPaddingDependsOnTheInputOrderAsInLibslurm() {
        assertThat(Hostlist.compressSorted(List.of("node00", "node9", "node10", "node00"))).isEqualTo("node[9-10,00]");
        assertThat(Hostlist.compressSorted(List.of("node9", "node00", "node10", "node00"))).isEqualTo("node[9,00,10]");
    }

    @Property(tries = 500)
    void neverThrowsAnythingButSyntaxErrors(@ForAll("garbage") String expr) {
        try {
            Hostlist.expand(expr);
        } catch (HostlistSyntaxException e) {
            assertThat(e.offset()).isBetween(0, expr.length());
        }
    }

    /** Slurm's order when each prefix uses one padding: prefix, a bare name first, then by number. */
    private static Comparator<String> slurmOrder() {
        return Comparator.<String>comparingInt(n -> PREFIXES.indexOf(prefix(n)))
                .thenComparingInt(n -> prefix(n).length() == n.length() ? 0 : 1)
                .thenComparingLong(n -> prefix(n).length() == n.length() ? 0 : Long.parseLong(n.substring(prefix(n).length())));
    }

    private static String prefix(String name) {
        int i = name.length();
        while (i > 0 && Character.isDigit(name.charAt(i - 1))) {
            i--;
        }
        return name.substring(0, i);
    }

    @Provide
    Arbitrary<List<String>> consistentNames() {
        // Per prefix one padding (none, 2 or 3 digits), as real clusters name their nodes.
        return Arbitraries.integers().between(0, 2).list().ofSize(PREFIXES.size()).flatMap(widths -> {
            Arbitrary<String> name = Combinators.combine(Arbitraries.integers().between(0, PREFIXES.size() - 1),
                            Arbitraries.integers().between(-1, 1200))
                    .as((p, n) -> n < 0 ? PREFIXES.get(p)
                            : PREFIXES.get(p) + Hostlist.pad(n, widths.get(p) == 0 ? 1 : widths.get(p) + 1));
            return name.list().ofMinSize(1).ofMaxSize(60);
        });
    }

    @Provide
    Arbitrary<List<String>> mixedNames() {
        Arbitrary<String> prefix = Arbitraries.of("node", "n", "gpu-", "rack1-n", "10.0.0.", "sw.2.", "a", "x2y", "N");
        Arbitrary<String> number = Arbitraries.integers().between(0, 130)
                .flatMap(n -> Arbitraries.integers().between(0, 3).map(w -> Hostlist.pad(n, w)));
        Arbitrary<String> name = Combinators.combine(prefix, number, Arbitraries.of("", "", "", ".ib", "-mgmt"))
                .as((p, n, s) -> p + n + s);
        return name.list().ofMinSize(1).ofMaxSize(40);
    }

    @Provide
    Arbitrary<String> garbage() {
        return Arbitraries.strings().withChars("n0123-,[] .x\t\r9").ofMaxLength(30);
    }
}
