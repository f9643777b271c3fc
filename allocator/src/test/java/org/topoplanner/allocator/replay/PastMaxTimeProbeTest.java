package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Own probe c22r1 (featfz13's cluster: short = a4, b3, b4, c2 with {@code MaxCPUsPerNode=8} and {@code MaxTime=10}),
 * line by line in every release (14 or 15 job lines: too few for {@code KnownMismatchReplayTest}). A job past
 * {@code MaxTime} whose pick never fits the partition's nodes ({@code -N2} with 24 CPUs, by {@code --ntasks-per-gpu}
 * or {@code -n12}, idle or beside a running job) is refused by 24.11.5 and 26.05.5 as the same job without
 * {@code --time} is (their test-only {@code select_nodes} after a failed limit), and held {@code PartitionConfig} by
 * 22.05.8; one that fits (16 CPUs on {@code -N2}, 24 without {@code -N}) waits {@code PartitionTimeLimit} in 24.11.5
 * and 26.05.5; 26.05.5 holds {@code -N1 --gpus=9} too ({@code _get_one_res} sums the GPUs over the nodes it tests).
 * Rule: {@code slurm.PastMaxTimeTest}.
 */
class PastMaxTimeProbeTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource({"22.05, results/c22r1.jsonl, 15", "24.11, results/new/c22r1.jsonl, 14",
            "26.05, results/v26.05/c22r1.jsonl, 14"})
    void probeC22r1MatchesRealSlurm(String version, String results, int lines) {
        SlurmVersion v = SlurmVersion.parse(version).orElseThrow();
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/c22r1/jobs.txt")).script();
        var real = OracleCase.resource(results).lines().toList();
        var actual = OracleComparison.jobLines(ReplayLine.lines(
                new Replayer(OracleCase.cluster("c22r1"), policy, PassTiming.of(v), TimedOutput.measured(real))
                        .run(script)));
        var expected = OracleComparison.jobLines(real);
        assertThat(expected).hasSize(lines);
        assertThat(OracleComparison.mismatches(expected, actual)).isEmpty();
    }
}
