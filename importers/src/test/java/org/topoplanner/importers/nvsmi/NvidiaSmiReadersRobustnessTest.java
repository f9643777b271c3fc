package org.topoplanner.importers.nvsmi;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Assertions;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.model.diag.Diagnostic;

/** Truncated, mutated and random input: no exception, quick, and diagnostics that point into the text. */
class NvidiaSmiReadersRobustnessTest {
    private static final List<String> SAMPLES = List.of("a100-sxm4-epyc7543-nccltests311-glued-columns.txt",
            "v100-sxm2-oneflow-misaligned-tabs.txt", "a100-4gpu-slurm-cgroup-cpu-affinity-0-and-empty.txt",
            "h100-dell-deepep397-topo-mp-interleaved-cpus.txt", "rtx2080ti-2gpu-autodl-topo-p2p-p.txt",
            "gb200-4gpu-abridged-narrow-columns.txt");
    private static final List<FormatReader> READERS = List.of(new NvidiaSmiTopoReader(), new NvidiaSmiP2pReader());

    @Property(tries = 300)
    void survivesTruncatedAndMutatedSamples(@ForAll("mutatedSamples") String text) {
        readWithEveryReader(text);
    }

    @Property(tries = 200)
    void survivesRandomText(@ForAll("randomText") String text) {
        readWithEveryReader(text);
    }

    private static void readWithEveryReader(String text) {
        SourceText source = new SourceText("fuzz.txt", text);
        int lineCount = Math.max(1, source.lines().size());
        for (FormatReader reader : READERS) {
            // a hang guard (a parser that loops or expands without end), not a speed budget: load cannot reach it
            ImportResult result = Assertions.assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                reader.detect(source);
                return reader.read(source);
            });
            for (Diagnostic d : result.diagnostics()) {
                if (d.line() == 0) {
                    assertThat(d.column()).isZero();
                    continue;
                }
                assertThat(d.line()).isBetween(1, lineCount);
                String line = source.lines().get(d.line() - 1);
                assertThat(d.column()).isBetween(1, Math.max(1, line.length()));
            }
        }
    }

    @Provide
    Arbitrary<String> mutatedSamples() {
        Arbitrary<String> sample = Arbitraries.of(SAMPLES).map(f -> TestSamples.load("nvidia-smi/" + f).text());
        return sample.flatMap(text -> Arbitraries.integers().between(0, text.length()).flatMap(cut ->
                Arbitraries.integers().between(0, 40).list().ofMaxSize(8).flatMap(positions ->
                        Arbitraries.strings().withChars("\t \nXNV0123456789PIXSYSGPUNIC-,/A").ofMaxLength(6)
                                .map(insert -> mutate(text.substring(0, cut), positions, insert)))));
    }

    @Provide
    Arbitrary<String> randomText() {
        return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(400),
                Arbitraries.strings().withChars("\t \nXGPU0123NIC45SYSPIXNODENV-,/A=:@Legend").ofMaxLength(600));
    }

    /** Inserts at, and deletes around, positions spread over the text. */
    private static String mutate(String text, List<Integer> positions, String insert) {
        StringBuilder sb = new StringBuilder(text);
        for (int p : positions) {
            if (sb.length() == 0) {
                break;
            }
            int at = (int) ((long) p * 7919 % sb.length());
            if (p % 2 == 0) {
                sb.insert(at, insert);
            } else {
                sb.delete(at, Math.min(sb.length(), at + 1 + p % 5));
            }
        }
        return sb.toString();
    }
}
