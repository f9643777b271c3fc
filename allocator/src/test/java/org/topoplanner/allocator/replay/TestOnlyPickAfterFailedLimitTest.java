package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 24.11's {@code _select_nodes_base} ({@code slurmctld/job_mgr.c}) calls {@code select_nodes} test-only after a failed
 * {@code job_limits_check}, and what that pick answers words a job behind pending ones at submission over
 * {@code _top_priority}'s {@code WAIT_PRIORITY}. Lead's case featfz16r (featfz16's files run again with looks and
 * builds logged; mix = b1-b4 c1 c2 {@code MinNodes=2 MaxCPUsPerNode=6}, tier 2), 24.11.5, both looks answered before
 * any pass or build after the RPC:
 * <ul>
 *   <li>f66 {@code -p mix -N2 --sockets-per-node=1 --gpus-per-socket=1 -n1}: sbatch sends {@code -N1}, below
 *   {@code MinNodes}; {@code get_node_cnts}' range is empty, {@code ESLURM_REQUESTED_PART_CONFIG_UNAVAILABLE},
 *   {@code PartitionConfig} (the replay said {@code Priority});</li>
 *   <li>f27 {@code -p mix,all -n4 -c1 --gpus=8 --exclusive}: mix's pick after the list minimum never fits, and its
 *   {@code select_nodes} error branch writes {@code WAIT_RESOURCES}; all's test passes on the idle a4 and leaves it:
 *   {@code Resources} (the replay said {@code Priority}).</li>
 * </ul>
 */
class TestOnlyPickAfterFailedLimitTest {

    private static List<String> replay(String script) {
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11));
        var parsed = JobScriptReader.read("jobs.txt", script).script();
        return OracleComparison.jobLines(ReplayLine.lines(new Replayer(OracleCase.cluster("featfz16r"), policy,
                PassTiming.of(SlurmVersion.V24_11), MeasuredRun.NONE).run(parsed))).stream()
                .map(OracleComparison::summary).toList();
    }

    @Test
    void anEmptyNodeRangeIsPartitionConfigBehindOthers() {
        List<String> lines = replay("""
                job big -N10 -n10 -c32
                job ahead -p mix -n1 -c1
                job f66 -p mix -N2 --sockets-per-node=1 --gpus-per-socket=1 -n1
                """);
        assertThat(lines).contains("ahead submit PENDING(Resources) nodes= leaves=");
        assertThat(lines).contains("f66 submit PENDING(PartitionConfig) nodes= leaves=");
    }

    @Test
    void aListMinimumPickThatNeverFitsLeavesResourcesForTheNextPartition() {
        List<String> lines = replay("""
                job big -w a1,a2,a3 -N3 --exclusive
                job ahead -w a1 -n1
                job f27 -p mix,all -n4 -c1 --gpus=8 --exclusive --time=20
                """);
        assertThat(lines).contains("ahead submit PENDING(Resources) nodes= leaves=");
        assertThat(lines).contains("f27 submit PENDING(Resources) nodes= leaves=");
    }
}
