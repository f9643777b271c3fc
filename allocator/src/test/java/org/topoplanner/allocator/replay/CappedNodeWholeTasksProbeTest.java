package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Own probe c21f1 (featfz11's cluster, mix {@code MaxCPUsPerNode=6}), line by line in every release (5 job lines: too
 * few for {@code KnownMismatchReplayTest}). 24.11 and 26.05's {@code _allocate_sc} lets a capped node offer the cap
 * (6), not the whole tasks of {@code -c4} under it (4): {@code -n3 -c4} (with or without {@code -N2}) is chosen on
 * two nodes whose layout holds two tasks and waits {@code Resources} in 24.11.5 and 26.05.5 (22.05.8 runs it on c1 and
 * c2); {@code -w b4 -N2 -n7 -c4} passes the test-only pick past {@code max_nodes} ({@code ReqNodeNotAvail} in 22.05.8
 * and 24.11.5; 26.05.5 refuses it); {@code -N3 -n3 -c4} runs on b1-b3 everywhere. Rule: {@code CoreFilter.select}.
 */
class CappedNodeWholeTasksProbeTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource({"22.05, results/c21f1.jsonl", "24.11, results/new/c21f1.jsonl", "26.05, results/v26.05/c21f1.jsonl"})
    void probeC21f1MatchesRealSlurm(String version, String results) {
        SlurmVersion release = SlurmVersion.parse(version).orElseThrow();
        var actual = TimedReplay.wholeCaseJobLines("c21f1", results, release,
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(release)));
        var expected = OracleComparison.jobLines(OracleCase.resource(results).lines().toList());
        assertThat(expected).hasSize(5);
        assertThat(OracleComparison.mismatches(expected, actual)).isEmpty();
    }
}
