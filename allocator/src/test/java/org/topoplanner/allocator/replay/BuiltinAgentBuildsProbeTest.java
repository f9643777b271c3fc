package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Own probe c23f1 (featfz16's partitions; real 24.11.5, timed with {@code ORACLE_TIMED_BUILDS=1}), line by line (too
 * few lines for {@code KnownMismatchReplayTest}). g0 fills every node, g1 ({@code -p short}) waits, and g2-g5
 * ({@code -p short,mix} without {@code -N}, held in mix by the list's MinNodes) are {@code Priority} at submission
 * (the test-only pick in mix fits, {@link SubmitTest#picksAfterListMinimum}). The run's failed
 * {@code job_limits_check} lines show sched/builtin's queue build every 2.000 s (71.361, 73.362, 75.363, 77.364),
 * beside the passes; g2 and g4 (short past its cap) read {@code PartitionConfig} after any build; g3 and g5 (short
 * passes) read {@code Priority} after a pass and no reason after a builtin build (g5's second snapshot, g3's and g5's
 * final looks). The replay has no builtin agent (its phase is in no stored run's log): those three lines differ.
 */
class BuiltinAgentBuildsProbeTest {
    @Test
    void probeC23f1MatchesRealSlurm2411ButTheLooksAfterABuiltinBuild() {
        SlurmVersion release = SlurmVersion.V24_11;
        var actual = TimedReplay.wholeCaseJobLines("c23f1", "results/new/c23f1.jsonl", release,
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(release)));
        var expected = OracleComparison.jobLines(OracleCase.resource("results/new/c23f1.jsonl").lines().toList());
        assertThat(expected).hasSize(18);
        var mismatches = OracleComparison.mismatches(expected, actual);
        assertThat(mismatches).hasSize(3);
        assertThat(String.join("\n", mismatches.stream().map(String::valueOf).toList()))
                .contains("real:   g5 snapshot PENDING nodes=", "real:   g3 final PENDING nodes=",
                        "real:   g5 final PENDING nodes=");
    }
}
