package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;

/**
 * Own case sb7a (branch sbatch7, src/test/resources/oracle/PROVENANCE.md): {@code --ntasks-per-gpu}, {@code --gpus-per-socket} with
 * {@code --sockets-per-node}, and {@code -m/--distribution}, run on real 22.05.8, 24.11.5 and 26.05.5. Slurm places
 * every such job that sbatch takes, and the option changes where (the pairs below, each the same request but for
 * the option). {@code -m} is emulated since branch d12h for block, cyclic and their socket-level pairs and plane=N
 * ({@code Distribution}); the other spellings are refused naming the option. {@code --ntasks-per-gpu} is
 * emulated now (branches t11b and n12d: own probes gp8a, g9b n1-n10, c11b1 and c12d1 in the replay lists; a block
 * topology since n25b, own probes c25e2 and c25n1, with {@code -O} there since b26s, own probe c26b1), and so is
 * {@code --gpus-per-socket} with
 * {@code --sockets-per-node} (branch g12c: sb7a, g9b and c11f1 in the replay lists).
 */
class NotEmulatedOptionsProbeTest {
    private static final String REFUSAL = "changes where Slurm places the job and is not emulated";
    /** sb7a's {@code -m} probes: d1-d7, d9 and b1 (d8 has none). */
    private static final int DISTRIBUTION_PROBES = 9;

    private static Map<String, JsonNode> submitted(String results) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (JsonNode j : OracleComparison.jobLines(OracleCase.resource(results).lines().toList())) {
            if ("submit".equals(j.path("when").asText())) {
                out.put(j.path("name").asText(), j);
            }
        }
        return out;
    }

    private static List<String> args(JsonNode job) {
        List<String> out = new ArrayList<>();
        job.path("args").forEach(a -> out.add(a.asText()));
        return out;
    }

    private static String cpus(JsonNode job) {
        return job.path("alloc").get(0).path("cpus").toString();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"results/sb7a.jsonl", "results/new/sb7a.jsonl", "results/v26.05/sb7a.jsonl"})
    void readsEveryDistributionProbeSlurmPlaced(String results) throws Exception {
        int read = 0;
        for (JsonNode job : submitted(results).values()) {
            List<String> args = args(job);
            if (!args.contains("-m") || "REJECTED".equals(job.path("state").asText())) {
                continue;
            }
            assertThat(job.path("state").asText()).as(job.path("name").asText()).isIn("RUNNING", "PENDING");
            // -m is emulated since branch d12h (Distribution; the replay lists hold sb7a's lines)
            assertThat(SbatchOptions.parse(args, "j").distribution()).as(job.path("name").asText()).isNotNull();
            read++;
        }
        // refused as not emulated before branch d12h (30 with sb7a's twelve --ntasks-per-gpu probes before t11b, 18
        // with its nine placed --gpus-per-socket probes before g12c)
        assertThat(read).isEqualTo(DISTRIBUTION_PROBES);
    }

    /** The spellings no measured line covers stay refused, naming the option and saying it changes placement. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"arbitrary", "block:fcyclic", "cyclic:block:block", "'block:block,Pack'", "*:block"})
    void refusesTheSpellingsNotEmulated(String spelling) {
        assertThatThrownBy(() -> SbatchOptions.parse(List.of("-n4", "-m", spelling), "j"))
                .isInstanceOfSatisfying(JobRequestException.class, e -> assertThat(e.problems())
                        .anyMatch(p -> p.startsWith("-m ") && p.contains(REFUSAL)));
    }

    /**
     * Own case g9b (branch gpt9): {@code --gpus-per-socket} with {@code --sockets-per-node}, idle then partly busy
     * nodes. Every probe a release placed is read now (emulated since branch g12c; the replay lists hold its lines),
     * none is refused; the CPU counts follow the selection's share, not the sockets (s2: three CPUs on g1, one on g2).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"results/g9b.jsonl, 9", "results/new/g9b.jsonl, 9", "results/v26.05/g9b.jsonl, 9"})
    void readsEveryProbeItPlaced(String results, int placed) throws Exception {
        int read = 0;
        for (JsonNode job : submitted(results).values()) {
            List<String> args = args(job);
            if (args.stream().noneMatch(a -> a.startsWith("--gpus-per-socket"))
                    || "REJECTED".equals(job.path("state").asText())) {
                continue;
            }
            assertThat(SbatchOptions.parse(args, "j").gpusPerSocket()).as(job.path("name").asText()).isNotNull();
            read++;
        }
        assertThat(read).isEqualTo(placed);
        // -N2 --sockets-per-node=2 --gpus-per-socket=1: three CPUs on g1, one on g2 in every release
        assertThat(submitted(results).get("s2").path("alloc").get(1).path("cpus").toString()).isEqualTo("[0]");
    }

    /**
     * The {@code --gpus-per-socket} jobs sbatch itself refused (sb7a s4, no {@code --sockets-per-node}) are refused
     * with sbatch's own words ({@code GpusPerSocketRefusal}, {@code gres_job_state_validate}), not as not emulated.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"results/sb7a.jsonl", "results/new/sb7a.jsonl", "results/v26.05/sb7a.jsonl"})
    void refusesAsSbatchDoesWhereSbatchRefused(String results) {
        int matched = 0;
        for (JsonNode job : submitted(results).values()) {
            String error = job.path("submit_error").asText();
            if (!error.contains("option requires --sockets-per-node")) {
                continue;
            }
            assertThatThrownBy(() -> SbatchOptions.parse(args(job), "j")).as(job.path("name").asText())
                    .isInstanceOfSatisfying(JobRequestException.class, e -> assertThat(e.problems())
                            .anyMatch(p -> error.contains(p.substring(0, p.indexOf(" ("))))
                            .noneMatch(p -> p.contains(REFUSAL)));
            matched++;
        }
        assertThat(matched).isEqualTo(1);
    }

    /** The same job with and without the option, on the idle node: real Slurm's CPU ids differ. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"results/sb7a.jsonl", "results/new/sb7a.jsonl", "results/v26.05/sb7a.jsonl"})
    void theOptionChangesTheCpusSlurmPicks(String results) {
        Map<String, JsonNode> jobs = submitted(results);
        // -n4 -m block:cyclic (Slurm's default) against -m block:block
        assertThat(cpus(jobs.get("d4"))).isEqualTo("[0,1,8,9]");
        assertThat(cpus(jobs.get("d3"))).isEqualTo("[0,1,2,3]");
        // --sockets-per-node=2 --gpus-per-socket=1 with one task takes a CPU on each socket, where one task takes one
        assertThat(cpus(jobs.get("s1"))).isEqualTo("[0,8]");
    }
}
