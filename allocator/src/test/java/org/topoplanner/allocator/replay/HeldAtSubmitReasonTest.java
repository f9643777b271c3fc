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
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The submission of a job a partition limit holds ({@code job_limits_check}: {@code MaxMemPerNode}) shows
 * {@code PartitionConfig} under 22.05 ({@code _select_nodes_parts} leaves {@code rc} at {@code
 * ESLURM_REQUESTED_PART_CONFIG_UNAVAILABLE}), also behind another job; under 24.11 and 26.05 the first shows the
 * pass's {@code MaxMemPerLimit} and the second, behind it, {@code Priority}. Own case mem3b b4 ({@code -p lim -N1 -n1
 * --mem=25000}) and b5 ({@code -p lim -N1 -n2 --mem-per-cpu=12000}), partition lim with {@code MaxMemPerNode=20000}:
 * real 22.05.8 and 26.05.5 (24.11.5 read b5 after the next pass: {@code MaxMemPerLimit}).
 */
class HeldAtSubmitReasonTest {

    @ParameterizedTest
    @CsvSource({"22.05, PartitionConfig, PartitionConfig", "24.11, MaxMemPerLimit, Priority",
        "26.05, MaxMemPerLimit, Priority"})
    void aJobALimitHoldsShowsThatVersionsReasonAtSubmission(String version, String first, String behind) {
        var script = JobScriptReader.read("jobs.txt", """
                job b4 -p lim -N1 -n1 --mem=25000
                job b5 -p lim -N1 -n2 --mem-per-cpu=12000
                """).script();
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(version).orElseThrow()));
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster("mem3b"), policy).run(script));
        var submits = OracleComparison.jobLines(lines).stream()
                .filter(l -> l.path("when").asText().equals("submit")).toList();
        assertThat(submits).hasSize(2).allSatisfy(l -> assertThat(l.path("state").asText()).isEqualTo("PENDING"));
        assertThat(submits.get(0).path("reason").asText()).isEqualTo(first);
        assertThat(submits.get(1).path("reason").asText()).isEqualTo(behind);
    }
}
