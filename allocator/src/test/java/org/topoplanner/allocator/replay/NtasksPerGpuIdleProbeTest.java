package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code --ntasks-per-gpu} against real Slurm on an idle cluster (own case sb7a, branch sbatch7,
 * src/test/resources/oracle/PROVENANCE.md, sections gpt8 and t11b): each of n1-n10 ran alone (every probe before it
 * was cancelled), so the replay of that one job on the idle cluster must give real Slurm's line, on one node (n1
 * {@code -N1 --gpus=2 --ntasks-per-gpu=2}: four tasks on two GPUs take four CPUs, not one) and on several: n3
 * ({@code -N2 --gpus=4 --ntasks-per-gpu=1}: two tasks and two GPUs a node, GPUs 0, 1 in 22.05.8 and 0, 2 in 24.11.5
 * and 26.05.5, not 3 + 1), n8 ({@code --gpus=5 --ntasks-per-gpu=1}: g2 one CPU for its one GPU, not four).
 */
class NtasksPerGpuIdleProbeTest {
    static final Set<String> IDLE = Set.of("n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9", "n10");

    private static List<String> args(JsonNode job) {
        List<String> out = new ArrayList<>();
        job.path("args").forEach(a -> out.add(a.asText()));
        return out;
    }

    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource({"results/sb7a.jsonl, 22.05", "results/new/sb7a.jsonl, 24.11", "results/v26.05/sb7a.jsonl, 26.05"})
    void idleProbesGetRealSlurmsCpusAndGpus(String results, String version) {
        SlurmVersion v = SlurmVersion.parse(version).orElseThrow();
        SlurmTreePolicy policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
        int matched = 0;
        for (JsonNode real : OracleComparison.jobLines(OracleCase.resource(results).lines().toList())) {
            String name = real.path("name").asText();
            if (!IDLE.contains(name) || !"submit".equals(real.path("when").asText())) {
                continue;
            }
            String line = "job " + name + " " + String.join(" ", args(real)) + "\n";
            var script = JobScriptReader.read("jobs.txt", line).script();
            List<JsonNode> replayed = OracleComparison.jobLines(
                    ReplayLine.lines(new Replayer(OracleCase.cluster("sb7a"), policy).run(script)));
            assertThat(OracleComparison.summary(replayed.get(0))).as(name).isEqualTo(OracleComparison.summary(real));
            matched++;
        }
        assertThat(matched).isEqualTo(IDLE.size());
    }
}
