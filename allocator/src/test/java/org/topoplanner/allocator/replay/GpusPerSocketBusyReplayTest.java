package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code --gpus-per-socket} jobs on partly busy nodes, replayed from the start of own cases c11f1 and sb7a against the
 * lines real 22.05.8, 24.11.5 and 26.05.5 printed (PROVENANCE g12c):
 *
 * <ul>
 *   <li>c11f1 f7 ({@code -N2 --sockets-per-node=1 --gpus-per-socket=1}) and f2 ({@code -N2 --sockets-per-node=2
 *       --gpus-per-socket=1 -n4}): a node's near GPUs in its {@code sched_weight} are its sockets' per-socket counts
 *       ({@code SchedWeight}), so g1, g3 and g4 (2 each) share the best weight and g2 (no free core on socket 0) does
 *       not; leaf1 holds two of them and the jobs run on g3 and g4 where counting every free GPU (g1: 4) chose g1;</li>
 *   <li>sb7a s10 ({@code -w g1 --sockets-per-node=2 --gpus-per-socket=2} beside s9): g1's sockets hold one free GPU
 *       each, none the count ({@code PerSocketGres}), so it waits with {@code Resources}.</li>
 * </ul>
 */
class GpusPerSocketBusyReplayTest {

    @ParameterizedTest(name = "{0} {2} under {3}")
    @CsvSource({
        "c11f1, results/c11f1.jsonl, f7, 22.05", "c11f1, results/new/c11f1.jsonl, f7, 24.11",
        "c11f1, results/v26.05/c11f1.jsonl, f7, 26.05",
        "c11f1, results/c11f1.jsonl, f2, 22.05", "c11f1, results/v26.05/c11f1.jsonl, f2, 26.05",
        "sb7a, results/sb7a.jsonl, s10, 22.05", "sb7a, results/new/sb7a.jsonl, s10, 24.11",
        "sb7a, results/v26.05/sb7a.jsonl, s10, 26.05",
    })
    void replaysTheJobsLineAsRealSlurmPrintedIt(String caseName, String results, String job, String release) {
        PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(release).orElseThrow());
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/" + caseName + "/jobs.txt")).script();
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster(caseName),
                new SlurmTreePolicy(options)).run(script));
        Map<String, String> real = submitLines(OracleCase.resource(results).lines().toList());
        assertThat(real).containsKey(job);
        assertThat(submitLines(lines).get(job)).isEqualTo(real.get(job));
    }

    private static Map<String, String> submitLines(List<String> lines) {
        Map<String, String> out = new LinkedHashMap<>();
        for (JsonNode j : OracleComparison.jobLines(lines)) {
            if ("submit".equals(j.path("when").asText())) {
                out.put(j.path("name").asText(), OracleComparison.summary(j));
            }
        }
        return out;
    }
}
