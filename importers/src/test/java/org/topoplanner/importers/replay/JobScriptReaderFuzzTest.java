package org.topoplanner.importers.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Assertions;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.model.diag.Diagnostic;

/** Truncated, mutated and random scripts: no exception, quick, and diagnostics that point into the text. */
class JobScriptReaderFuzzTest {
    private static final List<String> SAMPLES = List.of("oracle/tree32/jobs.txt", "oracle/tree32/jobs.example.json",
            "oracle/block32/jobs.txt", "oracle/tree3lvl/jobs.txt");

    @Property(tries = 300)
    void survivesTruncatedAndMutatedScripts(@ForAll("mutatedScripts") String text) {
        check(text);
    }

    @Property(tries = 200)
    void survivesRandomText(@ForAll("randomText") String text) {
        check(text);
    }

    private static void check(String text) {
        // a hang guard (a parser that loops or expands without end), not a speed budget: load cannot reach it
        JobScriptReader.Result r = Assertions.assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> JobScriptReader.read("fuzz", text));
        assertThat(r.script()).isNotNull();
        String[] lines = text.split("\n", -1);
        for (Diagnostic d : r.diagnostics()) {
            assertThat(d.path()).isEqualTo("fuzz");
            assertThat(d.line()).isBetween(1, lines.length);
            assertThat(d.column()).isBetween(1, Math.max(1, lines[d.line() - 1].length()));
        }
    }

    @Provide
    Arbitrary<String> mutatedScripts() {
        Arbitrary<String> sample = Arbitraries.of(SAMPLES).map(s -> TestSamples.load(s).text());
        return sample.flatMap(text -> Arbitraries.integers().between(0, text.length()).flatMap(cut ->
                Arbitraries.integers().between(0, 5000).list().ofMaxSize(8).flatMap(positions ->
                        Arbitraries.strings().withChars("\t \n[]{}\":,-=0123456789jobsleepN@").ofMaxLength(6)
                                .map(insert -> mutate(text.substring(0, cut), positions, insert)))));
    }

    @Provide
    Arbitrary<String> randomText() {
        return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(300),
                Arbitraries.strings().withChars("\t \r\n[]{}\":,-0123456789.eEnulltrue").ofMaxLength(200)
                        .map(s -> "[" + s),
                Arbitraries.strings().withChars("\t \njobcancelresetsleepsnapshotshownote-N1x").ofMaxLength(300));
    }

    /** Inserts at, and deletes around, positions spread over the text. */
    private static String mutate(String text, List<Integer> positions, String insert) {
        StringBuilder sb = new StringBuilder(text);
        for (int p : positions) {
            if (sb.length() == 0) {
                break;
            }
            int at = p % sb.length();
            if (p % 2 == 0) {
                sb.insert(at, insert);
            } else {
                sb.delete(at, Math.min(sb.length(), at + 1 + p % 5));
            }
        }
        return sb.toString();
    }
}
