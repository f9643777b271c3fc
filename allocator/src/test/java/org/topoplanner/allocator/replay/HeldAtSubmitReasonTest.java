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
 * ESLURM_REQUESTED_PART_CONFIG_UNAVAILABLE}) and {@code MaxMemPerLimit} under 24.11 and 26.05, the second such job
 * (behind the first, not top priority) alike. Own case mem3b b4 ({@code -p lim -N1 -n1 --mem=25000}) and b5
 * ({@code -p lim -N1 -n2 --mem-per-cpu=12000}), partition lim with {@code MaxMemPerNode=20000}: real 22.05.8 and
 * 24.11.5.
 */
class HeldAtSubmitReasonTest {

    @ParameterizedTest
    @CsvSource({"22.05, PartitionConfig", "24.11, MaxMemPerLimit", "26.05, MaxMemPerLimit"})
    void aJobALimitHoldsShowsThatVersionsReasonAtSubmission(String version, String reason) {
        var script = JobScriptReader.read("jobs.txt", """
                job b4 -p lim -N1 -n1 --mem=25000
                job b5 -p lim -N1 -n2 --mem-per-cpu=12000
                """).script();
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(version).orElseThrow()));
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster("mem3b"), policy).run(script));
        var submits = OracleComparison.jobLines(lines).stream()
                .filter(l -> l.path("when").asText().equals("submit")).toList();
        assertThat(submits).hasSize(2).allSatisfy(l -> {
            assertThat(l.path("state").asText()).isEqualTo("PENDING");
            assertThat(l.path("reason").asText()).isEqualTo(reason);
        });
    }
}
