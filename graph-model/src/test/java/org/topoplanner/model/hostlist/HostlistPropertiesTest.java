package org.topoplanner.model.hostlist;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class HostlistPropertiesTest {

    @Property(tries = 300)
    void expandingTheCompressedFormGivesTheSameNamesInOrder(@ForAll("names") List<String> names) throws Exception {
        assertThat(Hostlist.expand(Hostlist.compress(names))).containsExactlyElementsOf(names);
    }

    @Property(tries = 300)
    void neverThrowsAnythingButSyntaxErrors(@ForAll("garbage") String expr) {
        try {
            Hostlist.expand(expr);
        } catch (HostlistSyntaxException e) {
            assertThat(e.offset()).isBetween(0, expr.length());
        }
    }

    @Provide
    Arbitrary<List<String>> names() {
        Arbitrary<String> prefix = Arbitraries.of("node", "n", "gpu-", "rack1-n", "10.0.0.", "sw.2.", "a");
        Arbitrary<String> number = Arbitraries.integers().between(0, 130)
                .flatMap(n -> Arbitraries.integers().between(0, 3).map(w -> Hostlist.pad(n, w)));
        Arbitrary<String> name = net.jqwik.api.Combinators.combine(prefix, number, Arbitraries.of("", "", "", ".ib"))
                .as((p, n, s) -> p + n + s);
        return name.list().ofMinSize(1).ofMaxSize(40);
    }

    @Provide
    Arbitrary<String> garbage() {
        return Arbitraries.strings().withChars("n0123-,[] .x").ofMaxLength(30);
    }

    @Property(tries = 5)
    void compressesSixteenThousandNamesIntoOneBracket(@ForAll("widths") int width) throws Exception {
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= 16384; i++) {
            names.add("node" + Hostlist.pad(i, width));
        }
        String expr = Hostlist.compress(names);
        assertThat(expr).isEqualTo("node[" + Hostlist.pad(1, width) + "-16384]");
        assertThat(Hostlist.expand(expr)).hasSize(16384);
    }

    @Provide
    Arbitrary<Integer> widths() {
        return Arbitraries.of(1, 5);
    }
}
