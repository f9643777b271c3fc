package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmBlockPolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A top-priority job whose submit test fails shows the test's reason at its submission, even where the pass that
 * follows starts it: {@code job_allocate} only tests a batch job and leaves the failure's reason on it at once, and the
 * harness reads the first reason it finds, before slurmctld's next whole-second pass. Own case blockfz06 and probe
 * blk8k9 (24.11.5): k9 ({@code -n5 -c4 --gpus-per-task=1}) is {@code Resources} at 0.19 s, because 24.11's
 * {@code eval_nodes_block} in the test takes block b1 (h1 seen with its four GPUs free, k8 holds them) and tries no
 * other; the pass 2 s later runs it on h3 and h4. 26.05's test finds h3, h4 and the job runs at its look.
 */
class FailedSubmitTestReasonFirstTest {
    /** blockfz06's jobs from its first reset to k9, then a snapshot of k9 (probe blk8k9). */
    static final String SCRIPT = """
            job k7 -N4 --exclusive
            job k8 -n4 -c1 --gpus-per-task=1
            job k9 -n5 -c4 --gpus-per-task=1
            sleep 2
            snapshot k9
            """;

    @ParameterizedTest(name = "Slurm {0}: k9 at submission {1}, after the pass {2}")
    @CsvSource({"24.11, PENDING(Resources), RUNNING", "26.05, RUNNING, RUNNING"})
    void theHarnessReadsTheTestsReasonBeforeThePass(String release, String atSubmit, String afterPass) {
        var policy = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(release).orElseThrow()));
        var script = JobScriptReader.read("jobs.txt", SCRIPT).script();
        List<String> lines = OracleComparison.jobLines(ReplayLine.lines(
                new Replayer(OracleCase.cluster("blockfz06"), policy).run(script))).stream()
                .map(OracleComparison::summary).toList();
        assertThat(lines).anyMatch(l -> l.startsWith("k9 submit " + atSubmit));
        assertThat(lines).anyMatch(l -> l.startsWith("k9 snapshot " + afterPass + " h3[")
                && l.contains("nodes=h3,h4"));
    }

    /** The probe itself, line by line (13 job lines: too few for {@code KnownMismatchReplayTest}). */
    @org.junit.jupiter.api.Test
    void probeBlk8k9MatchesRealSlurm2411() {
        var policy = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11));
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/blk8k9/jobs.txt")).script();
        var actual = OracleComparison.jobLines(ReplayLine.lines(
                new Replayer(OracleCase.cluster("blk8k9"), policy).run(script)));
        var expected = OracleComparison.jobLines(OracleCase.resource("results/new/blk8k9.jsonl").lines().toList());
        assertThat(expected).hasSize(13);
        assertThat(OracleComparison.mismatches(expected, actual)).isEmpty();
    }
}
