package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Slurm 26.05's retry rounds start each node from the {@code avail_res->avail_cpus} the evaluations before them
 * wrote ({@code common_topo_choose_nodes} restores the node map, the cores and {@code max_nodes} only), so a node an
 * earlier round lowered has its cores filtered again from the lowered count. Own probes c26l5 ({@code -n2 -c4
 * --gpus=10}) and c26l6 ({@code --nodes=2 --gpus=12}), gen.py fuzz8 936 and 960 up to that job, real 26.05.5 with
 * {@code DebugFlags=SelectType} (many rounds, the node in most of them): the second node's CPUs are split over its
 * GPU sockets, where rounds from the unlowered count packed them on socket 0.
 */
class RetryRoundAvailCpusTest {

    @ParameterizedTest(name = "{0} {1} on {2}")
    @CsvSource({
        "c26l5, p4, u4, '0,1,16,17'",
        "c26l6, p7, f3, '32,33'",
    })
    void aRoundStartsANodeFromTheCpusAnEarlierRoundLeftIt(String caseName, String job, String node, String cpus) {
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/" + caseName + "/jobs.txt"))
                .script();
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
        List<JsonNode> lines = OracleComparison.jobLines(ReplayLine.lines(
                new Replayer(OracleCase.cluster(caseName), policy).run(script)));
        JsonNode line = lines.stream().filter(l -> l.path("when").asText().equals("final")
                && l.path("name").asText().equals(job)).findFirst().orElseThrow();
        List<Integer> got = new ArrayList<>();
        for (JsonNode a : line.path("alloc")) {
            if (a.path("node").asText().equals(node)) {
                a.path("cpus").forEach(c -> got.add(c.asInt()));
            }
        }
        assertThat(got).isEqualTo(java.util.Arrays.stream(cpus.split(",")).map(Integer::valueOf).toList());
    }
}
