package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A cancel of a job that only the replay's pass started, while the run measured no pass of slurmctld's between that
 * job's submission and the cancel, is a cancel of a pending job: {@code job_signal} ({@code job_mgr.c}) ends it
 * inside the scancel RPC and queues no pass, so the jobs the replay's pass started beside it are still pending in
 * slurmctld and hold the next submission back ({@code _top_priority}). Own timed case featfz11, 22.05.8, up to f51:
 * f44 (submitted :78.674, {@code Resources}) is cancelled at :78.936, the first pass after its RPC began at :79.662,
 * and f51 (:78.986) waits {@code Priority} behind f47, f48 and f49.
 */
class CancelOfAJobStartedUnseenTest {

    private static final String CASE = "featfz11";

    /** featfz11's script up to and with f51. */
    private static String scriptToF51() {
        String all = OracleCase.resource("cases/" + CASE + "/jobs.txt");
        StringBuilder out = new StringBuilder();
        for (String line : all.lines().toList()) {
            out.append(line).append('\n');
            if (line.startsWith("job f51 ")) {
                break;
            }
        }
        return out.toString();
    }

    private static String f51(MeasuredRun measured) {
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05));
        var script = JobScriptReader.read("jobs.txt", scriptToF51()).script();
        return OracleComparison.jobLines(ReplayLine.lines(new Replayer(OracleCase.cluster(CASE), policy,
                        PassTiming.of(SlurmVersion.V22_05), measured).run(script))).stream()
                .map(OracleComparison::summary).filter(l -> l.startsWith("f51 submit")).findFirst().orElseThrow();
    }

    private static MeasuredRun stored() {
        return TimedOutput.measured(OracleCase.resource("results/" + CASE + ".jsonl").lines().toList());
    }

    @Test
    void noPassMeasuredBeforeTheCancelKeepsTheCancelledJobPendingAndTheOthersUnstarted() {
        assertThat(f51(stored())).isEqualTo("f51 submit PENDING(Priority) nodes= leaves=");
    }

    @Test
    void aPassMeasuredBeforeTheCancelStartedThemAndTheCancelFreesNodes() {
        // the same times with one more logged pass at :78.90, after f49's RPC and before f44's cancel (:78.936):
        // slurmctld would have started f44, f47, f48 and f49 there, and the cancel of the running f44 frees a1
        MeasuredRun run = stored();
        List<Double> passes = new ArrayList<>(run.passes());
        passes.add(1796619878.90);
        assertThat(f51(new MeasuredRun(run.submissions(), passes))).startsWith("f51 submit RUNNING");
        // without times the replay cannot tell, and keeps its release's timing (the job ran)
        assertThat(f51(MeasuredRun.NONE)).startsWith("f51 submit RUNNING");
    }

    @Test
    void noPassBetweenNeedsBothSubmissionsTimedAndNamed() {
        MeasuredRun run = new MeasuredRun(Map.of(
                1, new MeasuredRun.Submission("a", 10.0, 10.02, 10.05, 10.1),
                2, new MeasuredRun.Submission("b", 10.1, 10.12, 10.15, 10.4),
                3, new MeasuredRun.Submission("c", 10.5, 10.52, 10.55, 10.6, false)), List.of(9.9, 10.45));
        assertThat(run.noPassBetween(1, "a", 2, "b")).isTrue();
        assertThat(run.noPassBetween(1, "a", 3, "c")).isFalse(); // a pass at 10.45; and c's next step not logged
        assertThat(run.noPassBetween(1, "x", 2, "b")).isFalse();
        assertThat(run.noPassBetween(1, "a", 2, "x")).isFalse();
        assertThat(MeasuredRun.NONE.noPassBetween(1, "a", 2, "b")).isFalse();
    }
}
