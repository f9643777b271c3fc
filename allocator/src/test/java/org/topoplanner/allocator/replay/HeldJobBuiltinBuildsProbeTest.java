package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.replay.JobScript;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Own probe c26l1 (v26l; yamlparts' topology.yaml, jobs past their partition's node count or CPUs), rerun unchanged
 * through real 26.05.5 with looks and sched/builtin's queue builds logged (r24c, {@code results/v26.05/c26l1-rerun.jsonl}).
 * A held job reads {@code PartitionConfig} from its submission ({@code _select_nodes_base} skips the node test) until
 * a queue build words it {@code PartitionNodeLimit} ({@code _job_runnable_test2} -> {@code job_limits_check}): a1
 * (RPC 164.392) and d1 (RPC 178.335) were read after the builds at 164.499 and 178.506 and before any pass, so only
 * {@link BuiltinBuilds} decides them; the other held lines are decided by a pass before or after the look.
 */
class HeldJobBuiltinBuildsProbeTest {
    private static final String RESULTS = "results/v26.05/c26l1-rerun.jsonl";

    private static List<String> mismatches(MeasuredRun measured) {
        SlurmVersion release = SlurmVersion.V26_05;
        JobScript script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/c26l1/jobs.txt")).script();
        List<JsonNode> actual = OracleComparison.jobLines(ReplayLine.lines(new Replayer(
                OracleCase.clusterWithTopologyYaml("c26l1"),
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(release)), PassTiming.of(release),
                measured).run(script)));
        var expected = OracleComparison.jobLines(OracleCase.resource(RESULTS).lines().toList());
        assertThat(expected).hasSize(39);
        return OracleComparison.mismatches(expected, actual).stream().map(String::valueOf).toList();
    }

    @Test
    void theRerunMatchesRealSlurm2605WithItsBuilds() {
        MeasuredRun measured = TimedOutput.measured(OracleCase.resource(RESULTS).lines().toList());
        assertThat(measured.builds().logged()).contains(1796650164.499, 1796650178.506);
        assertThat(mismatches(measured)).isEmpty();
    }

    @Test
    void withoutTheBuildsA1AndD1ReadTheSubmissionsWording() {
        MeasuredRun measured = TimedOutput.measured(OracleCase.resource(RESULTS).lines().toList())
                .withBuilds(BuiltinBuilds.NONE, Map.of());
        List<String> differ = mismatches(measured);
        assertThat(String.join("\n", differ))
                .contains("real:   a1 submit PENDING(PartitionNodeLimit)", "real:   d1 submit PENDING(PartitionNodeLimit)");
        assertThat(differ).hasSize(2);
    }
}
