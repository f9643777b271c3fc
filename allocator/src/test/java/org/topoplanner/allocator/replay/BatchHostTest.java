package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * The node of a cancelled job that leaves COMPLETING last is its batch host, the first in node order ({@link
 * BatchHost}); c21b's rule had held the last one.
 */
class BatchHostTest {

    private static Placement on(String... hosts) {
        List<HostAllocation> out = new ArrayList<>();
        for (String h : hosts) {
            out.add(HostAllocation.of(h, List.of(), null));
        }
        return new Placement("j", out);
    }

    /** pick_batch_host takes bit_ffs(node_bitmap): the first node, not the last (c21b's choice). */
    @Test
    void theFirstNodeIsTheBatchHost() {
        assertThat(BatchHost.of(on("a1", "b2"))).hasValue("a1");
        assertThat(BatchHost.of(on("a3", "b1", "b4"))).hasValue("a3");
        assertThat(BatchHost.of(on("a2"))).hasValue("a2");
        assertThat(BatchHost.of(null)).isEmpty();
        assertThat(BatchHost.of(on())).isEmpty();
    }

    /**
     * The measurement the rule rests on, probe c21q1 run with {@code ORACLE_TIMED_EPILOG=1}: in every cancel the only
     * node that sent {@code MESSAGE_EPILOG_COMPLETE} is the job's first node ({@code t_epilog}), and every other node
     * left COMPLETING earlier, in the kill agent's {@code job_epilog_complete} calls ({@code t_epilog_calls}), also
     * for {@code -w b2,a1} (a1) and {@code -w b4,b1,a3} (a3).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"results/c21q1.jsonl", "results/new/c21q1.jsonl", "results/v26.05/c21q1.jsonl"})
    void theFirstNodeLeavesCompletingLastInEveryMeasuredCancel(String output) throws Exception {
        ObjectMapper json = new ObjectMapper();
        Map<Integer, List<String>> nodes = new HashMap<>();
        int cancels = 0;
        for (String line : OracleCase.resource(output).lines().toList()) {
            JsonNode o = json.readTree(line);
            if (o.path("type").asText().equals("job") && o.path("when").asText().equals("submit")) {
                List<String> ns = new ArrayList<>();
                o.path("nodes").forEach(n -> ns.add(n.asText()));
                nodes.put(o.path("job_id").asInt(), ns);
            }
            if (o.path("type").asText().equals("cancel")) {
                List<String> ns = nodes.get(o.path("job_ids").get(0).asInt());
                List<String> messages = new ArrayList<>();
                o.path("t_epilog").fieldNames().forEachRemaining(messages::add);
                assertThat(messages).as(line).containsExactly(BatchHost.of(on(ns.toArray(String[]::new))).get());
                double message = o.path("t_epilog").path(messages.get(0)).asDouble();
                List<Double> calls = new ArrayList<>();
                o.path("t_epilog_calls").forEach(t -> calls.add(t.asDouble()));
                assertThat(calls).as(line).hasSize(ns.size());
                assertThat(calls.subList(0, ns.size() - 1)).as(line).allMatch(t -> t <= message);
                cancels++;
            }
        }
        assertThat(cancels).isEqualTo(14);
    }

    /**
     * c21q1 has 14 jobs, too few for {@code KnownMismatchReplayTest} (more than 20 job lines): its lines are compared
     * here, every one equal in all three releases (the -w orders b2,a1 and b4,b1,a3 placed in node order).
     */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.CsvSource({"results/c21q1.jsonl, 22.05", "results/new/c21q1.jsonl, 24.11",
            "results/v26.05/c21q1.jsonl, 26.05"})
    void theReplayMatchesEveryLineOfTheProbe(String output, String release) {
        var v = org.topoplanner.model.slurm.SlurmVersion.parse(release).orElseThrow();
        var script = org.topoplanner.importers.replay.JobScriptReader.read("jobs.txt",
                OracleCase.resource("cases/c21q1/jobs.txt")).script();
        List<String> real = OracleCase.resource(output).lines().toList();
        List<String> lines = org.topoplanner.importers.replay.ReplayLine.lines(new Replayer(OracleCase.cluster("c21q1"),
                new org.topoplanner.allocator.slurm.SlurmTreePolicy(
                        org.topoplanner.allocator.PolicyOptions.DEFAULT.withSlurmVersion(v)),
                PassTiming.of(v), TimedOutput.measured(real)).run(script));
        assertThat(OracleComparison.jobLines(lines).stream().map(OracleComparison::summary).toList())
                .containsExactlyElementsOf(OracleComparison.jobLines(real).stream().map(OracleComparison::summary)
                        .toList());
    }
}
