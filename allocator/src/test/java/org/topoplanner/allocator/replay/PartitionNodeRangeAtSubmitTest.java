package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * sbatch's test of a job of several partitions whose first partition's {@code MaxNodes} is below the job's
 * {@code -N}: 22.05's {@code _select_nodes_parts_resvs} and 24.11's {@code _select_nodes_base} ({@code job_mgr.c})
 * run the test-only pick after the failed limit, {@code get_node_cnts} ({@code node_scheduler.c}) stops it with
 * {@code ESLURM_REQUESTED_PART_CONFIG_UNAVAILABLE} and {@code select_nodes} writes {@code PartitionNodeLimit}; that
 * neither runs nor is busy, so the next partition is tested, passes, and leaves the reason as it is. Own case featfz12
 * f85 ({@code -p all,fat -N3 -n4 -c3}, fat tier 3 with {@code MaxNodes=2}): {@code PartitionNodeLimit} at submission
 * in 22.05.8 and 24.11.5, started in all by the next pass.
 */
class PartitionNodeRangeAtSubmitTest {
    private static final Cluster FEATFZ12 = OracleCase.cluster("featfz12");

    private static String line(List<String> lines, String when, String name) {
        return lines.stream().filter(l -> l.contains("\"when\":\"" + when + "\",\"name\":\"" + name + "\""))
                .findFirst().orElseThrow(() -> new AssertionError(when + " " + name + " in " + lines));
    }

    @ParameterizedTest
    @EnumSource(value = SlurmVersion.class, names = {"V22_05", "V24_11"})
    void aNodeRangeOutsideTheFirstPartitionLeavesPartitionNodeLimit(SlurmVersion v) {
        var script = JobScriptReader.read("jobs.txt", "job f85 -p all,fat -N3 -n4 -c3").script();
        List<String> lines = ReplayLine.lines(new Replayer(FEATFZ12,
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))).run(script));
        assertThat(line(lines, "submit", "f85")).contains("\"state\":\"PENDING\"")
                .contains("\"reason\":\"PartitionNodeLimit\"");
        assertThat(line(lines, "final", "f85")).contains("\"state\":\"RUNNING\"");
    }
}
