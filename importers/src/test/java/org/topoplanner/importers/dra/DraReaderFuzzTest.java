package org.topoplanner.importers.dra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.Samples;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.diag.Diagnostic;

/** Garbage for the DRA reader: it returns, and its diagnostics point at a line of the text. */
class DraReaderFuzzTest {
    private static final List<String> SAMPLES = List.of("dra/h100-resourceslices.yaml", "dra/deviceclasses.yaml",
            "dra/claim-gpu-nic-aligned.yaml");

    @Provide
    Arbitrary<String> mutated() {
        return Combinators.combine(Arbitraries.of(SAMPLES),
                Arbitraries.integers().between(0, Integer.MAX_VALUE).list().ofMinSize(1).ofMaxSize(30),
                Arbitraries.of(List.of(':', '-', ' ', '\n', '[', '{', '"', '\'', '&', '*', '0', 'x')).list().ofMinSize(30).ofMaxSize(30))
                .as((s, positions, chars) -> {
                    StringBuilder t = new StringBuilder(Samples.load(s).text());
                    for (int i = 0; i < positions.size() && t.length() > 0; i++) {
                        int at = positions.get(i) % t.length();
                        switch (positions.get(i) % 3) {
                            case 0 -> t.setCharAt(at, chars.get(i));
                            case 1 -> t.insert(at, chars.get(i));
                            default -> t.deleteCharAt(at);
                        }
                    }
                    return t.toString();
                });
    }

    @Property(tries = 200)
    void survivesMutatedSamples(@ForAll("mutated") String text) {
        read(text);
    }

    @Property(tries = 100)
    void survivesArbitraryStrings(@ForAll String text) {
        read(text);
    }

    private static void read(String text) {
        int lines = Math.max(1, (int) text.lines().count());
        ImportResult r = new DraFormatReader().read(new SourceText("fuzz", text));
        for (Diagnostic d : r.diagnostics()) {
            assertThat(d.path()).isEqualTo("fuzz");
            // the YAML parser may point just past the last line at the end of the text
            assertThat(d.line()).as(d.toString()).isBetween(1, lines + 1);
            assertThat(d.column()).as(d.toString()).isPositive();
        }
    }
}
