package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Probe fuzz55p (slurm-24f): fuzz55's cluster with only b2 running, then fuzz55 p6 ({@code -w f2,u2,u1 --gpus=4 -n2
 * -c4}) and variants, each cancelled before the next, through real 24.11.5 (run with
 * {@code DebugFlags=SelectType,Gres}) and 26.05.5, which agree line for line. Too short for
 * {@link KnownMismatchReplayTest}'s size guard, so checked here the same way: the replay must differ on exactly the
 * listed jobs (none now). p6 and q3 (the same job with a two-node list): Slurm splits the four GPUs 2 + 2 (f2's two on
 * the socket of its cores, u2 two), which the replay matches since u2, whose GPUs have no {@code Cores=}, is counted
 * ({@code _get_job_cnt}, fuzz-fresh4's {@code GetJobCntWithoutTopologyTest}) instead of capped at its credit of 1;
 * q1 ({@code -c3}, where {@code _estimate_cpus_per_gres} gives no estimate) matches with 3 + 1.
 */
class Fuzz55pProbeReplayTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            24.11 | results/new/fuzz55p.jsonl    |
            26.05 | results/v26.05/fuzz55p.jsonl |
            """)
    void replayDiffersOnlyOnTheListedJobs(String version, String results, String known) throws Exception {
        var policy = new SlurmTreePolicy(
                PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(version).orElseThrow()));
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/fuzz55p/jobs.txt")).script();
        var actual = OracleComparison.jobLines(
                ReplayLine.lines(new Replayer(OracleCase.cluster("fuzz55p"), policy).run(script)));
        var expected = OracleComparison.jobLines(OracleCase.resource(results).lines().toList());
        assertThat(expected).hasSize(7);
        Map<String, String> replayed = new java.util.LinkedHashMap<>();
        actual.forEach(a -> replayed.put(a.path("name").asText() + " " + a.path("when").asText(),
                OracleComparison.summary(a)));
        Set<String> differing = new TreeSet<>();
        for (var e : expected) {
            String key = e.path("name").asText() + " " + e.path("when").asText();
            if (!OracleComparison.summary(e).equals(replayed.get(key))) {
                differing.add(e.path("name").asText());
            }
        }
        List<String> listed = known == null ? List.of() : List.of(known.strip().split(" "));
        assertThat(differing).containsExactlyInAnyOrderElementsOf(listed);
    }
}
