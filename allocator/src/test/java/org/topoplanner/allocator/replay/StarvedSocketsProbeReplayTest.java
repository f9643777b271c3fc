package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.replay.JobScript;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Own probe c10c1 (PROVENANCE g10c), four job lines, too few for the replay lists: g9c z1 ({@code -n10
 * --ntasks-per-socket=1 -c3 --gpus=1} enforce-binding) and the same with {@code -n9}, {@code -n8}, {@code -n7} on the
 * idle cluster. 24.11.5 and 26.05.5 refuse all four at submission (the first pass's estimate empties the GPU sockets,
 * {@code FirstPassStarvedSockets}); 22.05.8 runs them. The rerun is the same case under the harness's debug log.
 */
class StarvedSocketsProbeReplayTest {

    @ParameterizedTest(name = "{0} {1} with Slurm {2}")
    @CsvSource({
        "c10c1, results/c10c1.jsonl,           22.05, 4",
        "c10c1, results/new/c10c1.jsonl,       24.11, 4",
        "c10c1, results/new/c10c1-rerun.jsonl, 24.11, 4",
        "c10c1, results/v26.05/c10c1.jsonl,    26.05, 4",
        // c10c2: c10c1's z1 and z7 with an extra.conf debug line the harness dropped (its log stayed at info)
        "c10c2, results/new/c10c2.jsonl,       24.11, 2",
    })
    void everyLineMatches(String caseName, String results, String version, int jobLines) {
        Cluster cluster = OracleCase.cluster(caseName);
        SlurmVersion v = SlurmVersion.parse(version).orElseThrow();
        JobScript script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/" + caseName + "/jobs.txt"))
                .script();
        List<String> lines = ReplayLine.lines(new Replayer(cluster,
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))).run(script));
        var expected = OracleComparison.jobLines(OracleCase.resource(results).lines().toList());
        var actual = OracleComparison.jobLines(lines);
        assertThat(expected).hasSize(jobLines).hasSameSizeAs(actual);
        // the same line-by-line comparison as SlurmTreeReplayTest's list, which wants more than 5 lines
        assertThat(OracleComparison.mismatches(expected, actual)).as("mismatches of %s under %s", results, version)
                .isEmpty();
    }
}
