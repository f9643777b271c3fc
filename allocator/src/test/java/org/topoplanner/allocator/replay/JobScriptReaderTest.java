package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.slurm.SlurmJobSpec;

class JobScriptReaderTest {

    @Test
    void readsTheHarnessJsonExampleIntoSbatchArgsInHarnessOrder() {
        JobScript s = JobScriptReader.read(OracleCase.resource("cases/tree32/jobs.example.json"));
        assertThat(s.steps()).hasSize(8);
        assertThat(s.steps().get(0)).isEqualTo(new JobScript.Note("JSON job-list example (same engine as jobs.txt)"));
        assertThat(s.steps().get(2)).isEqualTo(new JobScript.Submit("j1n4g_bind",
                List.of("--nodes=1", "--gpus-per-node=4", "--gres-flags=enforce-binding", "--cpus-per-gpu=4")));
        assertThat(s.steps().get(4)).isEqualTo(new JobScript.Submit("jx",
                List.of("--nodes=2", "--gpus-per-node=4", "--exclusive", "--nodelist=node[31-32]")));
        assertThat(s.steps().get(5)).isEqualTo(new JobScript.Cancel(List.of("j4n")));
        assertThat(s.steps().get(6)).isEqualTo(new JobScript.Snapshot(List.of()));
        assertThat(s.steps().get(7)).isEqualTo(new JobScript.Reset());
    }

    @Test
    void readsJobsTxtStepsAndSkipsComments() {
        JobScript s = JobScriptReader.read("""
                # comment
                note S1 first
                job a -N4 --gpus-per-node=8
                sleep 8
                snapshot a
                show job -d a
                cancel a
                reset
                """);
        assertThat(s.steps()).containsExactly(new JobScript.Note("S1 first"),
                new JobScript.Submit("a", List.of("-N4", "--gpus-per-node=8")), new JobScript.Sleep(8),
                new JobScript.Snapshot(List.of("a")), new JobScript.Show(List.of("job", "-d", "a")),
                new JobScript.Cancel(List.of("a")), new JobScript.Reset());
    }

    @Test
    void refusesUnknownStepsNamingTheLine() {
        assertThatThrownBy(() -> JobScriptReader.read("job a -N1\nfrobnicate\n"))
                .hasMessageContaining("line 2").hasMessageContaining("frobnicate");
    }

    @ParameterizedTest
    @CsvSource({
        "1@0:05,   1, 5",
        "2@1:00,   2, 60",
        "2@5,      2, 300",
        "1@1:00:00, 1, 3600",
    })
    void switchesTimeIsSlurmTimeWhereOneNumberMeansMinutes(String value, int count, long seconds) {
        SlurmJobSpec j = SbatchArgs.parse("j", List.of("-N2", "--switches=" + value));
        assertThat(j.switches()).isEqualTo(count);
        assertThat(j.switchWait()).isEqualTo(Duration.ofSeconds(seconds));
    }

    @Test
    void expandsNodelistsAndReadsGpuOptions() {
        SlurmJobSpec j = SbatchArgs.parse("j", List.of("-w", "node[01-03,07]", "-x", "gpu5",
                "--gpus-per-node=h100:2", "-c3", "--exclusive=topo"));
        assertThat(j.nodelist()).containsExactly("node01", "node02", "node03", "node07");
        assertThat(j.exclude()).containsExactly("gpu5");
        assertThat(j.gpuType()).isEqualTo("h100");
        assertThat(j.gpusPerNode()).isEqualTo(2);
        assertThat(j.cpusPerTask()).isEqualTo(3);
        assertThat(j.exclusive()).isFalse();
        assertThat(j.exclusiveTopo()).isTrue();
        assertThat(j.minNodes()).isEqualTo(4);
    }

    @Test
    void unknownOptionsAreAnErrorThatNamesThem() {
        assertThatThrownBy(() -> SbatchArgs.parse("j", List.of("--frobnicate=3")))
                .hasMessageContaining("--frobnicate=3");
    }
}
