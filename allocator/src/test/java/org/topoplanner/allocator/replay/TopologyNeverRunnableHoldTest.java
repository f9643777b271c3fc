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
 * {@link TopologyNeverRunnableHold}: 24.11.5's {@code schedule()} holds a job for good ({@code FAIL_BAD_CONSTRAINTS},
 * {@code priority = 0}) when a record's {@code select_nodes} answers {@code ESLURM_REQUESTED_TOPO_CONFIG_UNAVAILABLE}.
 * Lead's case featfz24 f66 ({@code -p short,all -N2 --sockets-per-node=2 --gpus-per-socket=1 -c2}): short, tried
 * first, never holds it in 24.11's tree evaluation ("topology"), all would; real 24.11.5 shows {@code Resources} at
 * submission and {@code BadConstraints} to the end, and the next job starts beside it; 26.05.5 started it in all.
 */
class TopologyNeverRunnableHoldTest {

    private static final String SCRIPT = """
            job f66 -p short,all -N2 --sockets-per-node=2 --gpus-per-socket=1 -c2
            job f68 -N3 -n8 -c2
            """;

    private static List<String> replay(SlurmVersion v) {
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
        var parsed = JobScriptReader.read("jobs.txt", SCRIPT).script();
        return OracleComparison.jobLines(ReplayLine.lines(new Replayer(OracleCase.cluster("featfz24"), policy,
                PassTiming.of(v), MeasuredRun.NONE).run(parsed))).stream()
                .map(OracleComparison::summary).toList();
    }

    @Test
    void aRecordNeverRunnableByTheTopologyHoldsTheJobForGoodIn2411() {
        List<String> lines = replay(SlurmVersion.V24_11);
        assertThat(lines).contains("f66 submit PENDING(Resources) nodes= leaves=",
                "f66 final PENDING(BadConstraints) nodes= leaves=");
        // held with priority 0: _top_priority counts it behind the next job, which starts at once
        assertThat(lines).anyMatch(l -> l.startsWith("f68 submit RUNNING"));
    }

    @Test
    void twentySixOFiveRunsItInTheNextPartition() {
        assertThat(replay(SlurmVersion.V26_05)).anyMatch(l -> l.startsWith("f66 final RUNNING"));
    }
}
