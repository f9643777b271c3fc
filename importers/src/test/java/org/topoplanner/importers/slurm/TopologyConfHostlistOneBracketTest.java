package org.topoplanner.importers.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The leaf writer's shortcut (one prefix, numbers of one digit count, issue 15) writes exactly what the
 * general sort-group-and-print path writes, and declines every other shape.
 */
class TopologyConfHostlistOneBracketTest {

    @Property(tries = 2000)
    void writesWhatTheGeneralPathWrites(@ForAll("sameWidthNames") List<String> names) {
        String fast = TopologyConfHostlist.oneBracket(names);
        assertThat(fast).isNotNull();
        assertThat(fast).isEqualTo(TopologyConfHostlist.sortedAndGrouped(names));
        assertThat(TopologyConfHostlist.oneBracket(new TreeSet<>(names))).isEqualTo(fast);
    }

    @Property(tries = 2000)
    void declinesOtherShapesOrAgrees(@ForAll("mixedNames") List<String> names) {
        String fast = TopologyConfHostlist.oneBracket(names);
        if (fast != null) {
            assertThat(fast).isEqualTo(TopologyConfHostlist.sortedAndGrouped(names));
        }
        assertThat(TopologyConfHostlist.compress(names)).isEqualTo(TopologyConfHostlist.sortedAndGrouped(names));
    }

    @Test
    void writesTheUsualLeaf() {
        List<String> leaf = new ArrayList<>();
        for (int i = 32; i >= 1; i--) {
            leaf.add(String.format("node%05d", i));
        }
        leaf.add("node00040");
        assertThat(TopologyConfHostlist.oneBracket(leaf)).isEqualTo("node[00001-00032,00040]");
        assertThat(TopologyConfHostlist.oneBracket(List.of("n09", "n10", "n11"))).isEqualTo("n[09-11]");
        assertThat(TopologyConfHostlist.oneBracket(List.of("n7", "n7"))).isEqualTo("n7");
        assertThat(TopologyConfHostlist.oneBracket(List.of("n9", "n10"))).isNull();
        assertThat(TopologyConfHostlist.oneBracket(List.of("a1", "b1"))).isNull();
        assertThat(TopologyConfHostlist.oneBracket(List.of("123", "124"))).isNull();
    }

    @Provide
    Arbitrary<List<String>> sameWidthNames() {
        Arbitrary<String> prefix = Arbitraries.strings().withChars("abn-._x").ofMinLength(1).ofMaxLength(4)
                .map(p -> p + "z");
        Arbitrary<Integer> width = Arbitraries.integers().between(1, 18);
        return Combinators.combine(prefix, width).flatAs((p, w) -> {
            long max = w >= 18 ? 999_999_999_999_999_999L : (long) Math.pow(10, w) - 1;
            Arbitrary<Long> near = Arbitraries.longs().between(0, Math.min(max, 60));
            Arbitrary<Long> any = Arbitraries.longs().between(0, max);
            Arbitrary<Long> top = Arbitraries.longs().between(Math.max(0, max - 40), max);
            return Arbitraries.oneOf(near, any, top).map(v -> p + pad(v, w)).list().ofMinSize(1).ofMaxSize(40);
        });
    }

    @Provide
    Arbitrary<List<String>> mixedNames() {
        Arbitrary<String> name = Combinators.combine(
                Arbitraries.of("n", "node", "a-", "sw.1.", "", "x9y"),
                Arbitraries.strings().withChars("0123456789").ofMinLength(0).ofMaxLength(20))
                .as((p, d) -> p + d).filter(s -> !s.isEmpty());
        return name.list().ofMinSize(1).ofMaxSize(30);
    }

    private static String pad(long v, int width) {
        String s = Long.toString(v);
        return "0".repeat(Math.max(0, width - s.length())) + s;
    }
}
