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
 * Own probe c23f1 (featfz16's partitions; real 24.11.5, timed with {@code ORACLE_TIMED_BUILDS=1}), line by line (too
 * few lines for {@code KnownMismatchReplayTest}). g0 fills every node, g1 ({@code -p short}) waits, and g2-g5
 * ({@code -p short,mix} without {@code -N}, held in mix by the list's MinNodes) are {@code Priority} at submission
 * (the test-only pick in mix fits, {@link SubmitTest#picksAfterListMinimum}). The run's failed
 * {@code job_limits_check} lines show sched/builtin's queue build every 2.000 s (71.361, 73.362, 75.363, 77.364),
 * beside the passes; g2 and g4 (short past its cap) read {@code PartitionConfig} after any build; g3 and g5 (short
 * passes) read {@code Priority} after a pass and no reason after a builtin build (g5's second snapshot, g3's and g5's
 * final looks). With the builds read off the run ({@link BuiltinBuilds}) the replay matches all 18 lines; without
 * them the three looks after a build differ (f23m).
 */
class BuiltinAgentBuildsProbeTest {
    private static final String RESULTS = "results/new/c23f1.jsonl";

    private static List<String> mismatches(MeasuredRun measured) {
        SlurmVersion release = SlurmVersion.V24_11;
        JobScript script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/c23f1/jobs.txt")).script();
        List<JsonNode> actual = OracleComparison.jobLines(ReplayLine.lines(new Replayer(OracleCase.cluster("c23f1"),
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(release)), PassTiming.of(release),
                measured).run(script)));
        var expected = OracleComparison.jobLines(OracleCase.resource(RESULTS).lines().toList());
        assertThat(expected).hasSize(18);
        return OracleComparison.mismatches(expected, actual).stream().map(String::valueOf).toList();
    }

    @Test
    void probeC23f1MatchesRealSlurm2411WithTheBuiltinBuilds() {
        MeasuredRun measured = TimedOutput.measured(OracleCase.resource(RESULTS).lines().toList());
        assertThat(measured.builds().logged()).containsExactly(1796642371.361, 1796642373.362, 1796642375.363,
                1796642377.364);
        assertThat(mismatches(measured)).isEmpty();
    }

    @Test
    void withoutTheBuildsTheThreeLooksAfterABuildDiffer() {
        MeasuredRun measured = TimedOutput.measured(OracleCase.resource(RESULTS).lines().toList())
                .withBuilds(BuiltinBuilds.NONE, Map.of());
        assertThat(String.join("\n", mismatches(measured)))
                .contains("real:   g5 snapshot PENDING nodes=", "real:   g3 final PENDING nodes=",
                        "real:   g5 final PENDING nodes=");
        assertThat(mismatches(measured)).hasSize(3);
    }
}
