package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Jobs {@code job_limits_check} holds for more CPUs or nodes than their partition has, and the jobs behind them, in
 * 22.05 and 26.05 (24.11 refuses both at submit). Own probe c22k1 (fuzz71's 160-CPU, 5-node cluster; real 22.05.8):
 * each held job shows {@code PartitionConfig} at submission, behind the first one too ({@code _select_nodes_parts}
 * never tests its nodes); it never enters a pass ({@code _job_runnable_test2}), so the jobs behind it start there;
 * it still counts for {@code _top_priority}, so they show {@code Priority} at submission; the node-count one reads
 * {@code PartitionNodeLimit} once a pass has looked at it, which {@code _top_priority} passes over (the job after
 * the others are cancelled starts at submission).
 */
class PartitionLimitHeldJobsTest {

    private static List<JsonNode> replay(String version) {
        var script = JobScriptReader.read("jobs.txt", """
                job a1 -n1 -c2
                job q1 -n12 -c16
                job b1 -n1 -c2
                sleep 2
                job q2 -N2 -c96
                job q5 -N6 -n6
                job b3 -N2 -n2 -c8
                sleep 2
                snapshot q5
                cancel q1 q2
                job b4 -n1
                """).script();
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(version).orElseThrow()));
        return OracleComparison.jobLines(ReplayLine.lines(new Replayer(OracleCase.cluster("fuzz71"), policy)
                .run(script)));
    }

    private static JsonNode line(List<JsonNode> lines, String when, String name) {
        return lines.stream().filter(l -> l.path("when").asText().equals(when) && l.path("name").asText().equals(name))
                .findFirst().orElseThrow(() -> new AssertionError("no " + when + " line of " + name));
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "26.05"})
    void heldJobsBlockNothingAndShowTheirLimit(String version) {
        List<JsonNode> lines = replay(version);
        for (String q : List.of("q1", "q2", "q5")) {
            assertThat(line(lines, "submit", q).path("reason").asText()).as(q).isEqualTo("PartitionConfig");
        }
        // behind the held q1: not top priority at submission, started by the pass
        assertThat(line(lines, "submit", "b1").path("reason").asText()).isEqualTo("Priority");
        assertThat(line(lines, "submit", "b3").path("reason").asText()).isEqualTo("Priority");
        assertThat(line(lines, "final", "b1").path("state").asText()).isEqualTo("RUNNING");
        assertThat(line(lines, "final", "b3").path("state").asText()).isEqualTo("RUNNING");
        assertThat(line(lines, "snapshot", "q5").path("reason").asText()).isEqualTo("PartitionNodeLimit");
        // only q5 waits, with a JSR_PART reason _top_priority passes over
        assertThat(line(lines, "submit", "b4").path("state").asText()).isEqualTo("RUNNING");
    }
}
