package org.topoplanner.importers.nvsmi;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
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
import org.topoplanner.model.nvlink.DomainOrigin;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;

/** Mutated and random {@code nvidia-smi -q} text: no exception, diagnostics inside the text; written domains read back. */
class NvidiaSmiQueryRobustnessTest {
    private static final List<String> SAMPLES = List.of("topograph-mnnvl-test-pdsh-clique-grep.txt",
            "gb200-unhealthy-grep-C3-dra-driver-626.txt", "h100-sxm-8gpu-nvsmi-q-abridged-zero-uuid.txt",
            "gpu-operator-2511-fabric-in-progress.txt", "azhpc-insufficient-resources-fabric.txt");

    @Property(tries = 300)
    void survivesMutatedSamples(@ForAll("mutated") String text) {
        SourceText source = new SourceText("fuzz.txt", text);
        int lineCount = Math.max(1, source.lines().size());
        ImportResult r = Assertions.assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            new NvidiaSmiQueryReader().detect(source);
            return new NvidiaSmiQueryReader().read(source);
        });
        for (Diagnostic d : r.diagnostics()) {
            assertThat(d.line()).isBetween(1, lineCount);
            String line = source.lines().isEmpty() ? "" : source.lines().get(d.line() - 1);
            assertThat(d.column()).isBetween(1, Math.max(1, line.length()));
        }
    }

    @Property(tries = 200)
    void readsBackWrittenDomains(@ForAll("domains") NvlinkDomains domains) {
        String text = NvidiaSmiFabricWriter.write(domains);
        assertThat(new NvidiaSmiQueryReader().read(new SourceText("w.txt", text)).part().nvlink()).isEqualTo(domains);
    }

    @Provide
    Arbitrary<String> mutated() {
        Arbitrary<String> sample = Arbitraries.of(SAMPLES).map(f -> TestSamples.load("nvidia-smi-q/" + f).text());
        return Arbitraries.oneOf(
                sample.flatMap(t -> Arbitraries.integers().between(0, t.length()).map(n -> t.substring(0, n))),
                sample.flatMap(t -> Arbitraries.integers().between(0, Math.max(0, t.length() - 1))
                        .flatMap(at -> Arbitraries.of(":", "\n", " ", "N/A", "Fabric\n", "x: ", "CliqueId : ", "\t", "-")
                                .map(s -> t.isEmpty() ? s : t.substring(0, at) + s + t.substring(at)))),
                Arbitraries.strings().ofMaxLength(300));
    }

    @Provide
    Arbitrary<NvlinkDomains> domains() {
        return Arbitraries.longs().flatMap(seed -> Arbitraries.integers().between(1, 6).map(n -> {
            java.util.Random r = new java.util.Random(seed);
            List<NvlinkDomain> out = new java.util.ArrayList<>();
            int host = 0;
            for (int i = 0; i < n; i++) {
                List<String> hosts = new java.util.ArrayList<>();
                for (int k = 0, size = 1 + r.nextInt(18); k < size; k++) {
                    hosts.add("gb-" + host++);
                }
                String uuid = new UUID(r.nextLong() | 1, r.nextLong()).toString();
                out.add(NvlinkDomain.ofClique(uuid, r.nextInt(Integer.MAX_VALUE), hosts, DomainOrigin.NVIDIA_SMI));
            }
            return NvlinkDomains.of(out);
        }));
    }
}
