package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code --ntasks-per-gpu} on one node against real Slurm (own case sb7a, branch sbatch7, src/test/resources/oracle/
 * PROVENANCE.md, section gpt8): each of n1 ({@code -N1 --gpus=2 --ntasks-per-gpu=2}), n2 ({@code --gpus=4}, one
 * task a GPU, on both sockets) and n9 (enforce-binding) ran alone on the idle cluster
 * (every probe before it was cancelled), so the replay of that one job on the idle cluster must give real Slurm's
 * line: four tasks on two GPUs take four CPUs, not one. The multi-node probes stay refused, naming the option.
 */
class NtasksPerGpuOneNodeProbeTest {
    static final Set<String> ONE_NODE = Set.of("n1", "n2", "n9");

    private static List<String> args(JsonNode job) {
        List<String> out = new ArrayList<>();
        job.path("args").forEach(a -> out.add(a.asText()));
        return out;
    }

    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource({"results/sb7a.jsonl, 22.05", "results/new/sb7a.jsonl, 24.11", "results/v26.05/sb7a.jsonl, 26.05"})
    void oneNodeProbesGetRealSlurmsCpusAndGpus(String results, String version) {
        SlurmVersion v = SlurmVersion.parse(version).orElseThrow();
        SlurmTreePolicy policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
        int matched = 0;
        for (JsonNode real : OracleComparison.jobLines(OracleCase.resource(results).lines().toList())) {
            String name = real.path("name").asText();
            if (!ONE_NODE.contains(name) || !"submit".equals(real.path("when").asText())) {
                continue;
            }
            String line = "job " + name + " " + String.join(" ", args(real)) + "\n";
            var script = JobScriptReader.read("jobs.txt", line).script();
            List<JsonNode> replayed = OracleComparison.jobLines(
                    ReplayLine.lines(new Replayer(OracleCase.cluster("sb7a"), policy).run(script)));
            assertThat(OracleComparison.summary(replayed.get(0))).as(name).isEqualTo(OracleComparison.summary(real));
            matched++;
        }
        assertThat(matched).isEqualTo(ONE_NODE.size());
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {"-N2 --gpus=4 --ntasks-per-gpu=1", "--gpus=5 --ntasks-per-gpu=1",
        "-n4 --ntasks-per-gpu=2", "-N1-2 --gpus=2 --ntasks-per-gpu=1", "-w q1 --gpus=2 --ntasks-per-gpu=2 -c2"})
    void severalNodesStayRefused(String line) {
        assertThatThrownBy(() -> SbatchOptions.parseLine(line, "j"))
                .isInstanceOfSatisfying(JobRequestException.class, e -> assertThat(e.problems())
                        .anyMatch(p -> p.startsWith("--ntasks-per-gpu") && p.contains("one-node job (-N1) only")));
    }
}
