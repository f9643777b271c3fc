package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.replay.Replayer;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _allocate_sc} ({@code select/cons_tres/job_test.c}, the same lines in 24.11.5 and 26.05.5) for a job without
 * GRES: {@code --ntasks-per-node} caps the node's tasks ({@code num_tasks = MIN(num_tasks, ntasks_per_node)} when the
 * job shares nodes), the node offers those tasks' CPUs, and only the lowest free cores that hold them stay in its core
 * map; the cyclic layout then takes them whole. 22.05.8 keeps every free core there and its layout puts whole tasks on
 * each socket. Rows are real placements of own cases (results, results/new, results/v26.05), replayed whole.
 */
class AllocateScTasksPerNodeTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest(name = "{0} {1} under {2}: {3} CPUs {4}")
    @CsvSource(delimiter = ';', value = {
        // -N3 --ntasks-per-node=4 -c3; p4's free cores are 12-31 (socket 0 holds 12-15)
        "fuzz45; p21; 24.11; p4; 12,13,14,15,16,17,18,19,20,21,22,23",
        "fuzz45; p21; 26.05; p4; 12,13,14,15,16,17,18,19,20,21,22,23",
        "fuzz45; p21; 22.05; p4; 12,13,14,16,17,18,19,20,21,22,23,24",
        // -N3 --ntasks-per-node=4 -c4 (enforce-binding, no GPUs); p2's free cores are 10-31
        "fuzz45; p24; 24.11; p2; 10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25",
        // -N1 --ntasks-per-node=4, one CPU per task: a1 idle
        "optprobe1; p8; 24.11; a1; 0,1,2,3",
    })
    void keepsOnlyTheCoresOfTheNodesTasks(String caseName, String job, String version, String node, String cpus) {
        assertThat(cpusOf(caseName, job, SlurmVersion.parse(version).orElseThrow(), node)).isEqualTo(cpus);
    }

    private static String cpusOf(String caseName, String job, SlurmVersion version, String node) {
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/" + caseName + "/jobs.txt")).script();
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster(caseName),
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(version))).run(script));
        for (String l : lines) {
            JsonNode j = read(l);
            if (!"job".equals(j.path("type").asText()) || !job.equals(j.path("name").asText())
                    || !"submit".equals(j.path("when").asText())) {
                continue;
            }
            for (JsonNode a : j.path("alloc")) {
                if (node.equals(a.path("node").asText())) {
                    List<String> c = new ArrayList<>();
                    a.path("cpus").forEach(x -> c.add(x.asText()));
                    return String.join(",", c);
                }
            }
            return "(not on " + node + ")";
        }
        throw new AssertionError("no submit line for " + job + " in the replay of " + caseName);
    }

    private static JsonNode read(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
