package org.topoplanner.importers.lldp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.MutatedSamples;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.diag.Diagnostic;

/**
 * Garbage for the three LLDP readers: truncated and mutated samples and random tokens. Every read
 * returns, and every diagnostic points at a line of the text and a column within (or just after) it.
 */
class LldpReadersFuzzTest {
    private static final List<LldpReaderBase> READERS = List.of(new LldpctlJsonReader(), new LldpctlKeyvalueReader(),
            new SwitchLldpTableReader());
    private static final String SPICE = "{}[]\":,=-. \n\tabc019:#$@";

    @Provide
    Arbitrary<String> mutated() {
        return MutatedSamples.edited(MutatedSamples.cut(RoceSample.FILES), SPICE, 40);
    }

    @Provide
    Arbitrary<String> tokens() {
        return Arbitraries.of("gpu1: ", "lldp.", "eth0", ".chassis.name=", ".port.ifname=", "swp1", "{", "}", "[", "]",
                "\"lldp\"", "\"interface\"", ":", ",", "\n", "---- ", "LocalPort ", "RemoteDevice ", "RemotePortID ",
                "Port ", "Neighbor Device ID ", "Neighbor Port ID", "leaf1#show lldp neighbors\n", "400G ", " ", "=")
                .list().ofMaxSize(150).map(l -> String.join("", l));
    }

    @Property(tries = 200)
    void survivesMutatedSamples(@ForAll("mutated") String text) {
        readAll(text);
    }

    @Property(tries = 300)
    void survivesRandomTokens(@ForAll("tokens") String text) {
        readAll(text);
    }

    @Property(tries = 100)
    void survivesArbitraryStrings(@ForAll String text) {
        readAll(text);
    }

    private static void readAll(String text) {
        List<String> lines = text.lines().toList();
        for (LldpReaderBase reader : READERS) {
            SourceText source = new SourceText("fuzz", text);
            reader.detect(source);
            ImportResult r = reader.read(source);
            for (Diagnostic d : r.diagnostics()) {
                assertThat(d.path()).isEqualTo("fuzz");
                assertThat(d.line()).as(reader + ": " + d).isBetween(1, Math.max(1, lines.size()));
                int width = d.line() <= lines.size() ? lines.get(d.line() - 1).length() : 0;
                assertThat(d.column()).as(reader + ": " + d).isBetween(1, width + 1);
            }
        }
    }
}
