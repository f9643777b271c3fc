package org.topoplanner.model.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SbatchOptionsTest {

    @Test
    void readsTheOptionsOfCliMdInBothSpellings() throws Exception {
        JobRequest r = SbatchOptions.parse(List.of("-N4", "--ntasks", "32", "--ntasks-per-node=8",
                "--gpus-per-node=h100:8", "--cpus-per-gpu", "4", "-c2", "--switches=1@0:05",
                "--gres-flags=enforce-binding", "--exclusive", "-w", "node[01-04]", "-x", "node05", "-J", "train",
                "--segment=2"), "job");
        assertThat(r.name()).isEqualTo("train");
        assertThat(r.minNodes()).isEqualTo(4);
        assertThat(r.maxNodes()).isNull();
        assertThat(r.ntasks()).isEqualTo(32);
        assertThat(r.ntasksPerNode()).isEqualTo(8);
        assertThat(r.gpusPerNode()).isEqualTo(8);
        assertThat(r.gpuType()).isEqualTo("h100");
        assertThat(r.cpusPerGpu()).isEqualTo(4);
        assertThat(r.cpusPerTask()).isEqualTo(2);
        assertThat(r.switches()).isEqualTo(1);
        assertThat(r.switchesWait()).isEqualTo(Duration.ofSeconds(5));
        assertThat(r.enforceBinding()).isTrue();
        assertThat(r.exclusive()).isTrue();
        assertThat(r.nodelist()).containsExactly("node01", "node02", "node03", "node04");
        assertThat(r.exclude()).containsExactly("node05");
        assertThat(r.segment()).isEqualTo(2);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            --gres=gpu:4          | 4 |
            --gres=gpu:a100:2     | 2 | a100
            --gres=gpu            | 1 |
            --gres=gpu:h100       | 1 | h100
            --gpus-per-node=3     | 3 |
            """)
    void readsGpuRequests(String option, int count, String type) throws Exception {
        JobRequest r = SbatchOptions.parse(List.of(option), "j");
        assertThat(r.gpusPerNode()).isEqualTo(count);
        assertThat(r.gpuType()).isEqualTo(type);
    }

    @ParameterizedTest(name = "@{0} is {1} s")
    @CsvSource(textBlock = """
            5,        300
            0:05,     5
            1:00:00,  3600
            2-1,      176400
            1-0:0:10, 86410
            """)
    void readsSwitchWaitsAsSlurmDoes(String time, long seconds) throws Exception {
        assertThat(SbatchOptions.parse(List.of("--switches=2@" + time), "j").switchesWait())
                .isEqualTo(Duration.ofSeconds(seconds));
    }

    @Test
    void namesEveryProblem() {
        assertThatThrownBy(() -> SbatchOptions.parse(List.of("--frobnicate", "-N", "x", "--gres=mps:10",
                "--switches=2@soon", "-w", "leaf[A-B]", "--nodes"), "j"))
                .isInstanceOfSatisfying(JobRequestException.class, e -> assertThat(e.problems())
                        .anyMatch(p -> p.contains("--frobnicate"))
                        .anyMatch(p -> p.contains("--nodes=x"))
                        .anyMatch(p -> p.contains("mps"))
                        .anyMatch(p -> p.contains("soon"))
                        .anyMatch(p -> p.contains("leaf[A-B]"))
                        .anyMatch(p -> p.contains("--nodes needs a value")));
    }

    @Test
    void refusesContradictions() {
        assertThatThrownBy(() -> SbatchOptions.parse(List.of("-N", "4-2"), "j"))
                .isInstanceOf(JobRequestException.class).hasMessageContaining("maximum");
        assertThatThrownBy(() -> SbatchOptions.parse(List.of("--gpus=a100:2", "--gpus-per-node=h100:1"), "j"))
                .isInstanceOf(JobRequestException.class).hasMessageContaining("differs");
    }

    @Test
    void readsATypedLineWithQuotes() throws Exception {
        JobRequest r = SbatchOptions.parseLine("-N 12 --gpus-per-node=8 --switches=2 -J 'big run'", "j");
        assertThat(r.minNodes()).isEqualTo(12);
        assertThat(r.switches()).isEqualTo(2);
        assertThat(r.name()).isEqualTo("big run");
        assertThatThrownBy(() -> SbatchOptions.parseLine("-J 'open", "j")).isInstanceOf(JobRequestException.class);
    }

    @Property(tries = 300)
    void readsBackWhatItWrites(@ForAll("requests") JobRequest r) throws Exception {
        assertThat(SbatchOptions.parse(SbatchOptions.toArgs(r), "other")).isEqualTo(r);
    }

    @Provide
    Arbitrary<JobRequest> requests() {
        Arbitrary<Integer> small = Arbitraries.integers().between(1, 64).injectNull(0.5);
        Arbitrary<Integer> gpus = Arbitraries.integers().between(0, 16).injectNull(0.5);
        Arbitrary<Duration> wait = Arbitraries.longs().between(0, 200_000).map(Duration::ofSeconds).injectNull(0.5);
        Arbitrary<List<String>> hosts = Arbitraries.integers().between(1, 40).list().ofMaxSize(5)
                .map(l -> l.stream().map(i -> String.format("node%02d", i)).toList());
        return Combinators.combine(small, small, gpus, gpus, Arbitraries.of("h100", "a100").injectNull(0.5), wait,
                        hosts, Arbitraries.of(0, 1, 2, 3))
                .as((n, c, g, gpn, type, w, nl, flags) -> new JobRequest("job-" + (n == null ? 0 : n), n, null, c, null,
                        null, c, g, gpn, null, g == null && gpn == null ? null : type, c, n == null ? null : n % 4, n == null ? null : w,
                        (flags & 1) != 0, (flags & 2) != 0, false, nl, List.of(), null));
    }
}
