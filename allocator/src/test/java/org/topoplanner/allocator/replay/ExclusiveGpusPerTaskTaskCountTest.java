package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmBlockPolicy;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * An {@code --exclusive --gpus-per-task} job's whole node counts only the tasks its CPUs hold and the GPUs those
 * tasks take, as without {@code --exclusive}, in all three releases: {@code eval_nodes_select_cores} (24.11/26.05
 * {@code topology/common/eval_nodes.c}) sets {@code max_tasks_this_node} to the whole node's CPUs over {@code -c}, and
 * {@code gres_filter_sock_core} ({@code topology/common/gres_filter.c}) cuts the node's GPUs to
 * {@code max_tasks_this_node x gres_per_task}, all {@code gres_sched_add} then credits; the whole node's CPUs are
 * given afterwards (22.05: {@code _select_cores}, {@code cons_tres/job_test.c}, and
 * {@code gres_select_filter_sock_core}, {@code cons_common/gres_select_filter.c}, which cuts the node's CPUs to
 * {@code max_tasks_this_node x cpus_per_task}). Own probes c25e1 (tree) and c25e2 (topology/block) on one-socket 6-core 2-GPU nodes, idle: a -c4
 * task a node, so {@code -n3 -c4 --gpus-per-task=1 --exclusive} needs three nodes (the tree runs it on s[1-3], the
 * blocks of two refuse it), {@code -N2} refuses it, {@code -N2-3} takes three on the tree. Each job is replayed alone
 * on the idle cluster, as it ran.
 */
class ExclusiveGpusPerTaskTaskCountTest {
    private static List<String> args(JsonNode job) {
        List<String> out = new ArrayList<>();
        job.path("args").forEach(a -> out.add(a.asText()));
        return out;
    }

    @ParameterizedTest(name = "{1} {0} under {3}")
    @CsvSource({
        "e1, c25e1, results/c25e1.jsonl,        22.05",
        "e3, c25e1, results/c25e1.jsonl,        22.05",
        "e1, c25e1, results/new/c25e1.jsonl,    24.11",
        "e2, c25e1, results/new/c25e1.jsonl,    24.11",
        "e3, c25e1, results/new/c25e1.jsonl,    24.11",
        "e7, c25e1, results/new/c25e1.jsonl,    24.11",
        "e1, c25e1, results/v26.05/c25e1.jsonl, 26.05",
        "e2, c25e1, results/v26.05/c25e1.jsonl, 26.05",
        "e7, c25e1, results/v26.05/c25e1.jsonl, 26.05",
        "e1, c25e2, results/new/c25e2.jsonl,    24.11",
        "e2, c25e2, results/new/c25e2.jsonl,    24.11",
        "e7, c25e2, results/new/c25e2.jsonl,    24.11",
        "e1, c25e2, results/v26.05/c25e2.jsonl, 26.05",
        "e7, c25e2, results/v26.05/c25e2.jsonl, 26.05",
    })
    void eachWholeNodeCountsTheTasksItsCpusHold(String name, String caseName, String results, String version) {
        SlurmVersion release = SlurmVersion.parse(version).orElseThrow();
        PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(release);
        PlacementPolicy policy = caseName.equals("c25e2") ? new SlurmBlockPolicy(options)
                : new SlurmTreePolicy(options);
        JsonNode real = OracleComparison.jobLines(OracleCase.resource(results).lines().toList())
                .stream().filter(j -> name.equals(j.path("name").asText())).findFirst().orElseThrow();
        String line = "job " + name + " " + String.join(" ", args(real)) + "\n";
        var script = JobScriptReader.read("jobs.txt", line).script();
        List<JsonNode> replayed = OracleComparison.jobLines(
                ReplayLine.lines(new Replayer(OracleCase.cluster(caseName), policy).run(script)));
        assertThat(OracleComparison.summary(replayed.get(0))).as(name).isEqualTo(OracleComparison.summary(real));
    }
}
