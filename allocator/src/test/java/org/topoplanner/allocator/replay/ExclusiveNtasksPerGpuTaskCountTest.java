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
 * An {@code --exclusive --ntasks-per-gpu} job's whole nodes are each credited the tasks the job's task count gives
 * them, and only the GPUs those tasks take (24.11 {@code topology/common/eval_nodes.c}: {@code eval_nodes_cpus_to_use}
 * jumps for {@code WHOLE_NODE_REQUIRED} straight to {@code eval_nodes_gres}, whose {@code max_tasks} is
 * {@code eval_nodes_set_max_tasks(rem_max_cpus)}, sbatch's {@code min_cpus} of one {@code -c3} task, so
 * {@code _reduce_res_core_by_task_cnt} leaves each node one task and one GPU). Own probe c24g1 (featfz22's cluster,
 * idle, 24.11.5): p1 {@code -p all --gpus=3 --ntasks-per-gpu=1 -c3 --exclusive} runs on a[1-3] whole, p5 (p1 with
 * {@code -N1}) is refused. Each job is replayed alone on the idle cluster, as it ran.
 */
class ExclusiveNtasksPerGpuTaskCountTest {
    private static List<String> args(JsonNode job) {
        List<String> out = new ArrayList<>();
        job.path("args").forEach(a -> out.add(a.asText()));
        return out;
    }

    @ParameterizedTest(name = "{0} under 24.11")
    @CsvSource({"p1", "p4", "p5"})
    void eachWholeNodeKeepsTheTasksTheJobsCountGivesIt(String name) {
        SlurmTreePolicy policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11));
        JsonNode real = OracleComparison.jobLines(OracleCase.resource("results/new/c24g1.jsonl").lines().toList())
                .stream().filter(j -> name.equals(j.path("name").asText())).findFirst().orElseThrow();
        String line = "job " + name + " " + String.join(" ", args(real)) + "\n";
        var script = JobScriptReader.read("jobs.txt", line).script();
        List<JsonNode> replayed = OracleComparison.jobLines(
                ReplayLine.lines(new Replayer(OracleCase.cluster("c24g1"), policy).run(script)));
        assertThat(OracleComparison.summary(replayed.get(0))).as(name).isEqualTo(OracleComparison.summary(real));
    }
}
