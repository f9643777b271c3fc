package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 22.05: the pass a submission behind pending jobs queued waits for the harness's next cancel of a running job
 * ({@link PassTiming.AfterNextCancel}) unless a timed run measured it before that cancel's kill RPC: then slurmctld
 * started the job with the cancelled one still running. {@link PassAfterNextCancelTest}'s script with a cancel of
 * the pending p between q and x (no pass of its own), as own case featfz15 f65 under 22.05.8 (pass at :89.470, f58's
 * kill RPC at :89.519; a1 where the rule without the measured kill put it on c1). Measured here: q's RPC at 100.5,
 * its look until 100.56, p's cancel at 100.6, the pass at 100.7; x's kill RPC at 100.9 (after the pass: q stays on
 * a2, beside x) or at 100.65 (before it: q takes x's a1), or not logged (the release's rule: a1).
 */
class PassMeasuredBeforeTheCancelKeepsItsStartsTest {
    private static final String SCRIPT = """
            job x -w a1 -n1 -c1 --gpus=8
            job h -w c1 -n1 -c1 --gpus=4
            job p -w c1 -N1 -n1 -c1 --gpus=1
            job q -n1 -c1 --gpus=8
            cancel p
            cancel x
            """;

    @ParameterizedTest(name = "x killed at {0}: q on {1}")
    @CsvSource({"100.9, a2", "100.65, a1", "NaN, a1"})
    void aPassMeasuredBeforeTheKillKeepsItsStart(double xKill, String node) {
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse("22.05").orElseThrow()));
        var parsed = JobScriptReader.read("jobs.txt", SCRIPT).script();
        MeasuredRun run = new MeasuredRun(Map.of(4, new MeasuredRun.Submission("q", 100.5, 100.52, 100.56, 100.6)),
                List.of(99.0, 100.7, 101.7), Map.of(), List.of(), List.of(100.6, xKill));
        List<String> lines = OracleComparison.jobLines(ReplayLine.lines(
                new Replayer(OracleCase.cluster("cmx4"), policy, PassTiming.of(SlurmVersion.V22_05), run)
                        .run(parsed))).stream().map(OracleComparison::summary).toList();
        assertThat(lines).contains("q submit PENDING(Priority) nodes= leaves=");
        assertThat(lines).anyMatch(l -> l.startsWith("q final RUNNING " + node + "["));
    }
}
