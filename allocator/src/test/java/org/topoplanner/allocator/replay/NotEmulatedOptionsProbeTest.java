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
 * the option); TopoPlanner does not emulate them, so it refuses each of these jobs naming the option and saying it
 * changes placement, rather than placing them as if the option were absent. The one-node {@code --ntasks-per-gpu}
 * probes are emulated now ({@link NtasksPerGpuOneNodeProbeTest}).
 */
class NotEmulatedOptionsProbeTest {
    private static final String REFUSAL = "changes where Slurm places the job and is not emulated";

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
    void refusesEveryProbeSlurmPlacedNamingItsOption(String results) {
        Map<String, JsonNode> jobs = submitted(results);
        int refused = 0;
        for (JsonNode job : jobs.values()) {
            List<String> args = args(job);
            String option = args.stream().anyMatch(a -> a.startsWith("--ntasks-per-gpu")) ? "--ntasks-per-gpu"
                    : args.stream().anyMatch(a -> a.startsWith("--gpus-per-socket")) ? "--gpus-per-socket"
                    : args.contains("-m") ? "--distribution" : null;
            if (option == null || "REJECTED".equals(job.path("state").asText())
                    || NtasksPerGpuOneNodeProbeTest.ONE_NODE.contains(job.path("name").asText())) {
                continue;
            }
            assertThat(job.path("state").asText()).as(job.path("name").asText()).isIn("RUNNING", "PENDING");
            assertThatThrownBy(() -> SbatchOptions.parse(args, "j")).as(job.path("name").asText())
                    .isInstanceOfSatisfying(JobRequestException.class, e -> assertThat(e.problems())
                            .anyMatch(p -> p.startsWith(option) && p.contains(REFUSAL)));
            refused++;
        }
        assertThat(refused).isEqualTo(30 - NtasksPerGpuOneNodeProbeTest.ONE_NODE.size());
    }

    /**
     * Own case gp8a (branch gpt8): {@code -N1} jobs with {@code --ntasks-per-gpu}, idle and partly busy nodes. Every
     * probe a release placed is refused, naming the option: one-node jobs already differ by release (a5
     * {@code -N1 -w q1 --gpus=3 --ntasks-per-gpu=1 -c3}: 22.05.8 three CPUs, 24.11.5 refuses it at submission,
     * 26.05.5 nine CPUs), which an emulation of the option must follow first.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"results/gp8a.jsonl, 12", "results/new/gp8a.jsonl, 10", "results/v26.05/gp8a.jsonl, 12"})
    void refusesEveryOneNodeProbe(String results, int placed) {
        int refused = 0;
        for (JsonNode job : submitted(results).values()) {
            List<String> args = args(job);
            if (args.stream().noneMatch(a -> a.startsWith("--ntasks-per-gpu"))
                    || "REJECTED".equals(job.path("state").asText())) {
                continue;
            }
            assertThatThrownBy(() -> SbatchOptions.parse(args, "j")).as(job.path("name").asText())
                    .isInstanceOfSatisfying(JobRequestException.class, e -> assertThat(e.problems())
                            .anyMatch(p -> p.startsWith("--ntasks-per-gpu") && p.contains(REFUSAL)));
            refused++;
        }
        assertThat(refused).isEqualTo(placed);
        assertThat(cpus(submitted(results).get("a1"))).isEqualTo("[0,1,2]");
    }

    /**
     * Own case g9b (branch gpt9): {@code --ntasks-per-gpu} on several nodes and {@code --gpus-per-socket}, idle then
     * partly busy nodes. Every probe a release placed is refused, naming its option: the releases differ (n7
     * {@code -N2 --gpus=6 --ntasks-per-gpu=1 -c3}: 24.11.5 refuses it at submission, 26.05.5 runs 9 CPUs per node; s5
     * {@code -w q1 --sockets-per-node=3 --gpus-per-socket=1 -c2}: 24.11.5 GPUs 0-2, 26.05.5 all four), and the
     * CPU counts follow the selection's share, not the sockets (s2: three CPUs on g1, one on g2).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"results/g9b.jsonl, 19", "results/new/g9b.jsonl, 18", "results/v26.05/g9b.jsonl, 19"})
    void refusesEveryMultiNodeProbe(String results, int placed) {
        int refused = 0;
        for (JsonNode job : submitted(results).values()) {
            List<String> args = args(job);
            String option = args.stream().anyMatch(a -> a.startsWith("--ntasks-per-gpu")) ? "--ntasks-per-gpu"
                    : args.stream().anyMatch(a -> a.startsWith("--gpus-per-socket")) ? "--gpus-per-socket" : null;
            if (option == null || "REJECTED".equals(job.path("state").asText())) {
                continue;
            }
            assertThatThrownBy(() -> SbatchOptions.parse(args, "j")).as(job.path("name").asText())
                    .isInstanceOfSatisfying(JobRequestException.class, e -> assertThat(e.problems())
                            .anyMatch(p -> p.startsWith(option) && p.contains(REFUSAL)));
            refused++;
        }
        assertThat(refused).isEqualTo(placed);
        // -N2 --gpus=4 --ntasks-per-gpu=1: two tasks per node (num_tasks / min_nodes), one CPU on each socket
        assertThat(cpus(submitted(results).get("n1"))).isEqualTo("[0,8]");
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
