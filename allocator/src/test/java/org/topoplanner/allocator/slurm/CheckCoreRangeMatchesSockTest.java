package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.replay.Replayer;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.replay.ReplayEvent;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _check_core_range_matches_sock} ({@code src/interfaces/gres.c}, 24.11.5 and 26.05.5): node a1 of own probe
 * case gressock1 binds each GPU to half a socket ({@code Cores=0-7}...), so those versions set it INVALID at
 * registration and place nothing there; 22.05.8 runs it. Real outputs: {@code results/gressock1.jsonl} (22.05.8),
 * {@code results/new/} (24.11.5: its slurmctld stopped answering after the second job, twice), {@code results/v26.05/}.
 */
class CheckCoreRangeMatchesSockTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JobRequest ON_A1 = JobRequest.builder().name("w2").nodelist(List.of("a1")).ntasks(1)
            .cpusPerTask(1).gpusPerNode(1).build();

    private static Suggestion suggest(SlurmVersion v, JobRequest r) {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(ClusterState.empty(OracleCase.cluster("gressock1")), r);
    }

    @Test
    void aJobNamingTheInvalidNodeWaitsFrom2411OnAndRunsUnder2205() throws Exception {
        assertThat(suggest(SlurmVersion.V22_05, ON_A1)).isInstanceOf(Suggestion.Placed.class);
        for (SlurmVersion v : List.of(SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            String real = submitted(v == SlurmVersion.V24_11 ? "results/new/gressock1.jsonl"
                    : "results/v26.05/gressock1.jsonl").get("w2").path("reason").asText();
            assertThat(suggest(v, ON_A1)).as(v.label()).isInstanceOfSatisfying(Suggestion.Pending.class, p -> {
                assertThat(p.reason()).isEqualTo(PendingReason.REQ_NODE_NOT_AVAIL);
                assertThat(p.explanation()).startsWith(real + " (INVALID: gres/gpu GRES core specification 0-7 for"
                        + " node a1 doesn't match socket boundaries. (Socket 0 is cores 0-15))");
            });
        }
    }

    @Test
    void the2605ReplayPlacesAndHoldsEveryJobAsRealSlurmDid() throws Exception {
        Cluster cluster = OracleCase.cluster("gressock1");
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/gressock1/jobs.txt")).script();
        Map<String, JsonNode> finals = lines("results/v26.05/gressock1.jsonl", "final");
        Map<String, JsonNode> submits = submitted("results/v26.05/gressock1.jsonl");
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
        Map<String, ReplayEvent.Job> lastOf = new LinkedHashMap<>();
        Map<String, ReplayEvent.Job> firstOf = new LinkedHashMap<>();
        for (ReplayEvent e : new Replayer(cluster, policy).run(script)) {
            if (e instanceof ReplayEvent.Job j) {
                lastOf.put(j.name(), j);
                firstOf.putIfAbsent(j.name(), j);
            }
        }
        for (String name : submits.keySet()) {
            assertThat(firstOf.get(name).state().name()).as(name).isEqualTo(submits.get(name).path("state").asText());
            assertThat(nodes(firstOf.get(name))).as(name).isEqualTo(nodes(submits.get(name)));
        }
        for (String name : finals.keySet()) {
            assertThat(lastOf.get(name).state().name()).as(name).isEqualTo(finals.get(name).path("state").asText());
            assertThat(lastOf.get(name).reason()).as(name).isEqualTo(finals.get(name).path("reason").asText(null));
            assertThat(nodes(lastOf.get(name))).as(name).isEqualTo(nodes(finals.get(name)));
        }
        assertThat(finals.keySet()).containsExactly("n1", "n2", "n3");
    }

    /**
     * Probe gressock2: f1 binds each GPU to two of its four sockets ({@code Cores=0-15}, {@code 16-31}), a union of
     * whole sockets, which 24.11.5 accepts and 26.05.5 refuses (one socket or every core). Under slurm-block too.
     */
    @Test
    void twoOfFourSocketsRunUnder2411AndWaitUnder2605OnTreeAndBlocks() throws Exception {
        Cluster cluster = OracleCase.cluster("gressock2");
        JobRequest onF1 = JobRequest.builder().name("w1").nodelist(List.of("f1")).ntasks(1).cpusPerTask(1).build();
        assertThat(submitted("results/new/gressock2.jsonl").get("w1").path("nodes").get(0).asText()).isEqualTo("f1");
        String real = submitted("results/v26.05/gressock2.jsonl").get("w1").path("reason").asText();
        ClusterState empty = ClusterState.empty(cluster);
        assertThat(new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11)).suggest(empty, onF1))
                .isInstanceOf(Suggestion.Placed.class);
        assertThat(new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05)).suggest(empty, onF1))
                .isInstanceOfSatisfying(Suggestion.Pending.class, p -> assertThat(p.explanation()).startsWith(real));
        // slurm-block: the same rule before any block is looked at (the case has none, which alone is refused)
        assertThat(SlurmBlockPolicy.onBlocks(empty, onF1, SlurmVersion.V26_05))
                .isInstanceOfSatisfying(Suggestion.Pending.class, p -> assertThat(p.explanation()).startsWith(real));
    }

    private static List<String> nodes(ReplayEvent.Job j) {
        return j.placement() == null ? List.of() : j.placement().hostNames();
    }

    private static List<String> nodes(JsonNode line) {
        List<String> out = new ArrayList<>();
        line.path("nodes").forEach(n -> out.add(n.asText()));
        return out;
    }

    private static Map<String, JsonNode> submitted(String results) throws Exception {
        return lines(results, "submit");
    }

    private static Map<String, JsonNode> lines(String results, String when) throws Exception {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (String l : OracleCase.resource(results).lines().toList()) {
            JsonNode j = JSON.readTree(l);
            if (j.path("type").asText().equals("job") && j.path("when").asText().equals(when)) {
                out.put(j.path("name").asText(), j);
            }
        }
        return out;
    }
}
