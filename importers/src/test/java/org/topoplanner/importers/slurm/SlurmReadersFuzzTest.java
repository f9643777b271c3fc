package org.topoplanner.importers.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.model.diag.Diagnostic;

/** Truncated, mutated and random input: no exception, prompt, and every diagnostic points into the text. */
class SlurmReadersFuzzTest {
    /** A hang guard (a reader that loops or expands without end), not a speed budget: load cannot reach it. */
    private static final long HANG_GUARD_NANOS = 60_000_000_000L;

    private static final List<String> SAMPLES = List.of("slurm/gres-lambda-8gpu-cpus-affinity.conf.txt",
            "slurm/slurm-conf-h800-nodename-nodeaddr-range-excerpt.txt", "slurm/gres-bare-range-0-9.conf.txt",
            "oracle/tree32/gres.conf", "oracle/tree32/nodes.conf", "oracle/links/gres.conf",
            "oracle/slurmd-g/slurmd-G-24.11-ok.txt", "oracle/slurmd-g/slurmd-G-22.05-ok.txt");
    private static final List<FormatReader> READERS = List.of(new GresConfReader(), new SlurmConfReader(),
            new SlurmdGresReader(), new SbatchScriptReader());

    @Provide
    Arbitrary<String> sampleTexts() {
        return Arbitraries.of(SAMPLES).map(s -> TestSamples.text(s).text());
    }

    @Provide
    Arbitrary<String> confLikeNoise() {
        return Arbitraries.strings().withChars("NodeName=Gres:gpu[0-9],#\\\"\t \n\r=()-NameFileLinksCores")
                .withChars('\u00e9', '\u4e2d').ofMaxLength(400);
    }

    @Property(tries = 200)
    void survivesTruncation(@ForAll("sampleTexts") String text, @ForAll @IntRange(min = 0, max = 100_000) int cut) {
        check(text.substring(0, Math.min(cut, text.length())));
    }

    @Property(tries = 300)
    void survivesMutation(@ForAll("sampleTexts") String text, @ForAll @IntRange(min = 0, max = 100_000) int at,
                          @ForAll("confLikeNoise") String insert, @ForAll @IntRange(min = 0, max = 40) int delete) {
        int p = Math.min(at, text.length());
        int end = Math.min(text.length(), p + delete);
        check(text.substring(0, p) + insert + text.substring(end));
    }

    @Property(tries = 300)
    void survivesRandomText(@ForAll("confLikeNoise") String text) {
        check(text);
    }

    @Property(tries = 100)
    void survivesRandomUnicode(@ForAll String text) {
        check(text);
    }

    @Property(tries = 100)
    void folderReaderSurvivesMutatedFiles(@ForAll("sampleTexts") String nodes, @ForAll("confLikeNoise") String gres) {
        long start = System.nanoTime();
        ImportResult r = new SlurmClusterFolderReader(null).read("f", List.of(new SourceText("f/nodes.conf", nodes),
                new SourceText("f/gres.conf", gres), new SourceText("f/topology.conf", gres)));
        assertThat(System.nanoTime() - start).isLessThan(HANG_GUARD_NANOS);
        for (Diagnostic d : r.diagnostics()) {
            String text = d.path().endsWith("nodes.conf") ? nodes : d.path().endsWith("gres.conf") ? gres : "";
            inside(d, text);
        }
    }

    private static void check(String text) {
        for (FormatReader reader : READERS) {
            SourceText source = new SourceText("fuzz.txt", text);
            long start = System.nanoTime();
            int score = reader.detect(source);
            ImportResult r = reader.read(source);
            assertThat(System.nanoTime() - start).as(reader.format().id()).isLessThan(HANG_GUARD_NANOS);
            assertThat(score).isBetween(0, 100);
            assertThat(r.format()).isEqualTo(reader.format());
            r.diagnostics().forEach(d -> inside(d, text));
        }
    }

    /** Line 0 means the whole file; otherwise the line exists and the column is on it (or just past it). */
    private static void inside(Diagnostic d, String text) {
        List<String> lines = text.lines().toList();
        assertThat(d.line()).as(d.toString()).isBetween(0, Math.max(lines.size(), 1));
        if (d.line() > 0 && !lines.isEmpty()) {
            assertThat(d.column()).as(d.toString()).isBetween(1, lines.get(d.line() - 1).length() + 1);
        }
    }
}
