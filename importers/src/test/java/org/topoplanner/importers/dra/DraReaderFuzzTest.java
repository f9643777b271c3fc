package org.topoplanner.importers.dra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.MutatedSamples;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.diag.Diagnostic;

/** Garbage for the DRA reader: it returns, and its diagnostics point at a line of the text. */
class DraReaderFuzzTest {
    private static final List<String> SAMPLES = List.of("dra/h100-resourceslices.yaml", "dra/deviceclasses.yaml",
            "dra/claim-gpu-nic-aligned.yaml");

    @Provide
    Arbitrary<String> mutated() {
        return MutatedSamples.edited(MutatedSamples.whole(SAMPLES), ":- \n[{\"'&*0x", 30);
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
