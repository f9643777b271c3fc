package org.topoplanner.model.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class CpuSetPropertiesTest {

    @Property(tries = 500)
    void readsBackItsOwnCanonicalString(@ForAll("sets") CpuSet s) {
        assertThat(CpuSet.parse(s.toString())).isEqualTo(s);
    }

    @Property(tries = 500)
    void readsBackItsOwnHwlocMask(@ForAll("sets") CpuSet s) {
        assertThat(CpuSet.fromHwlocMask(s.toHwlocMask())).isEqualTo(s);
    }

    @Property(tries = 300)
    void writesRangesAscendingMergedAndSingletonsOnce(@ForAll("sets") CpuSet s) {
        String text = s.toString();
        int last = -2;
        for (String part : text.isEmpty() ? new String[0] : text.split(",")) {
            String[] ends = part.split("-");
            int lo = Integer.parseInt(ends[0]);
            int hi = Integer.parseInt(ends[ends.length - 1]);
            assertThat(lo).isGreaterThan(last + 1);
            assertThat(ends.length == 1 || hi > lo).isTrue();
            last = hi;
        }
    }

    @Property(tries = 300)
    void obeysSetAlgebra(@ForAll("sets") CpuSet a, @ForAll("sets") CpuSet b) {
        assertThat(a.union(b).size()).isEqualTo(a.size() + b.size() - a.intersection(b).size());
        assertThat(a.minus(b).intersection(b).isEmpty()).isTrue();
        assertThat(a.minus(b).union(a.intersection(b))).isEqualTo(a);
    }

    @Property(tries = 500)
    void neverThrowsAnythingButSyntaxErrors(@ForAll("garbage") String text) {
        try {
            CpuSet.parse(text);
        } catch (CpuSetSyntaxException e) {
            assertThat(e.column()).isBetween(0, text.length());
        }
        try {
            CpuSet.fromHwlocMask(text);
        } catch (CpuSetSyntaxException e) {
            assertThat(e.column()).isBetween(0, text.length());
        }
    }

    @Provide
    Arbitrary<CpuSet> sets() {
        Arbitrary<List<Integer>> ids = Arbitraries.oneOf(Arbitraries.integers().between(0, 130),
                Arbitraries.integers().between(0, 5000)).list().ofMaxSize(40);
        return ids.map(CpuSet::of);
    }

    @Provide
    Arbitrary<String> garbage() {
        return Arbitraries.strings().withChars("0123456789-, []xfX.").ofMaxLength(25);
    }
}
