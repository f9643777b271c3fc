package org.topoplanner.importers.hwloc;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Assertions;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.model.diag.Diagnostic;

/** Truncated, mutated and random XML: no exception, quick, diagnostics that point into the text. */
class HwlocXmlRobustnessTest {
    private static final List<String> SAMPLES = List.of("power8-minsky-4xp100-nvlink-distances-v3.xml.txt",
            "supermicro-x9drg-2s-e5-2650-3xm2075-cx4-pci-v3.xml.txt",
            "generated/hgx-like-2s-4gpu-4nic-2nvswitch-lstopo-2.9-v2.xml",
            "generated/hgx-like-2s-4gpu-4nic-2nvswitch-lstopo-2.9-v1.xml");

    @Property(tries = 150)
    void survivesTruncatedAndMutatedSamples(@ForAll("mutatedSamples") String text) {
        readAndCheck(text);
    }

    @Property(tries = 150)
    void survivesRandomText(@ForAll("randomText") String text) {
        readAndCheck(text);
    }

    private static void readAndCheck(String text) {
        SourceText source = new SourceText("fuzz.xml", text);
        HwlocXmlReader reader = new HwlocXmlReader();
        // a hang guard (a parser that loops or expands without end), not a speed budget: load cannot reach it
        ImportResult result = Assertions.assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            reader.detect(source);
            return reader.read(source);
        });
        List<String> lines = source.lines();
        for (Diagnostic d : result.diagnostics()) {
            if (d.line() == 0) {
                assertThat(d.column()).isZero();
                continue;
            }
            // SAX reports a fault at end of input one line past the last line terminator.
            assertThat(d.line()).isBetween(1, lines.size() + 1);
            assertThat(d.column()).isPositive();
        }
    }

    @Provide
    Arbitrary<String> mutatedSamples() {
        Arbitrary<String> sample = Arbitraries.of(SAMPLES).map(f -> TestSamples.load("hwloc/" + f).text());
        return sample.flatMap(text -> Arbitraries.integers().between(0, text.length()).flatMap(cut ->
                Arbitraries.integers().between(0, 1_000_000).list().ofMaxSize(10).flatMap(positions ->
                        Arbitraries.of("<", ">", "\"", "/>", "</object>", "0x", ",,", "f...f", "9999999999", "&amp;",
                                        "type=\"Bridge\" ", "bridge_type=\"0-1\" ", "<object type=\"PCIDev\">",
                                        "nbobjs=\"3\" ", "OSDev:1 ", "-1")
                                .map(insert -> mutate(text.substring(0, cut), positions, insert)))));
    }

    @Provide
    Arbitrary<String> randomText() {
        return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(300),
                Arbitraries.strings().withChars("<>/=\" topologyobjectinfoPCIDevBridgeNUMAcpuset0x1,").ofMaxLength(400)
                        .map(s -> "<topology version=\"2.0\">" + s));
    }

    private static String mutate(String text, List<Integer> positions, String insert) {
        StringBuilder sb = new StringBuilder(text);
        for (int p : positions) {
            if (sb.length() == 0) {
                break;
            }
            int at = p % sb.length();
            if (p % 3 == 0) {
                sb.delete(at, Math.min(sb.length(), at + 1 + p % 7));
            } else {
                sb.insert(at, insert);
            }
        }
        return sb.toString();
    }
}
