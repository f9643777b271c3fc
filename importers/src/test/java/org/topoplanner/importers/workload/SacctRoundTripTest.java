package org.topoplanner.importers.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class SacctRoundTripTest {
    @Provide
    Arbitrary<List<SacctJob>> histories() {
        Arbitrary<SacctJob> job = Combinators.combine(
                Arbitraries.integers().between(1, 9_999_999).map(String::valueOf),
                Arbitraries.longs().between(0, 400L * 86400),
                Arbitraries.longs().between(0, 86400),
                Arbitraries.longs().between(0, 30L * 86400),
                Arbitraries.integers().between(1, 512),
                Arbitraries.integers().between(1, 8),
                Arbitraries.of("", "h100", "a100"),
                Arbitraries.of("", "gpu[001-004]", "gpu007,gpu009", "dgx-a[1-2]"))
                .as((id, submit, wait, run, nodes, perNode, type, list) -> {
                    LocalDateTime s = LocalDateTime.of(2024, 1, 1, 0, 0).plusSeconds(submit);
                    return new SacctJob(id, s, s.plusSeconds(wait), s.plusSeconds(wait + run), nodes, nodes * perNode,
                            type, list, "train", "COMPLETED", wait % 3 == 0 ? 0 : wait + run);
                });
        return job.list().ofMaxSize(20);
    }

    @Property(tries = 200)
    void whatIsWrittenReadsBackTheSame(@ForAll("histories") List<SacctJob> jobs) {
        SacctReader.Result r = SacctReader.read("w", SacctWriter.write(jobs));
        assertThat(r.diagnostics()).isEmpty();
        assertThat(r.jobs()).isEqualTo(jobs);
    }

    @Property(tries = 300)
    void garbageIsReportedNeverThrown(@ForAll("garbage") String text) {
        SacctReader.Result r = SacctReader.read("g", text);
        r.diagnostics().forEach(d -> assertThat(d.path()).isEqualTo("g"));
        SacctWorkload.of(r.jobs());
    }

    @Provide
    Arbitrary<String> garbage() {
        String header = String.join("|", SacctWriter.FIELDS) + "\n";
        Arbitrary<String> cell = Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(12),
                Arbitraries.of("Unknown", "None", "2025-02-30T25:61:00", "2025-01-01T00:00:00", "0", "-3",
                        "gres/gpu=", "gres/gpu:=4,gres/gpu=99999999999", "UNLIMITED", "99999999-0", "1-", ":", "x.batch"));
        Arbitrary<String> line = cell.list().ofMinSize(0).ofMaxSize(13).map(l -> String.join("|", l));
        return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(200),
                line.list().ofMaxSize(6).map(ls -> header + String.join("\n", ls)));
    }
}
