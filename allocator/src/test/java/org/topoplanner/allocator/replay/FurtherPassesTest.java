package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

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
 * Every pass slurmctld logged between a submission's queued pass and the harness's next step runs in the replay
 * ({@link MeasuredRun#furtherPasses}): the periodic full-queue pass ({@code sched_interval=2}) 8 ms after the queued one
 * can word a job differently. Own timed run featfz5-timed (26.05.5, {@code results/v26.05/featfz5-timed.jsonl}): f61's
 * queued pass at :24.000 starts f59 and f61 (f61's fat record failed first and blocked fat, so f53, {@code -w a2}, found
 * a2 out of the pass: {@code ReqNodeNotAvail}); the full-queue pass at :24.008 finds fat unblocked and a2 busy, so f53
 * waits {@code Resources} again, which {@code _top_priority} ({@code job_mgr.c}) does not pass over: f62 ({@code -N2
 * --sockets-per-node=1 --gpus-per-socket=1}, RPC :24.077) is not top priority and shows {@code Priority}, where the
 * replay with one pass ran it as top priority and showed the pass's {@code Resources}.
 */
class FurtherPassesTest {

    @Test
    void theFullQueuePassAfterTheQueuedOneRuns() {
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/featfz5/jobs.txt")).script();
        MeasuredRun measured = TimedOutput.measured(
                OracleCase.resource("results/v26.05/featfz5-timed.jsonl").lines().toList());
        List<String> lines = OracleComparison.jobLines(ReplayLine.lines(new Replayer(OracleCase.cluster("featfz5"),
                policy, PassTiming.of(SlurmVersion.V26_05), measured).run(script))).stream()
                .filter(l -> l.path("name").asText().equals("f62") && l.path("when").asText().equals("submit"))
                .map(l -> l.path("reason").asText()).toList();
        assertThat(lines).containsExactly("Priority");
    }

    @Test
    void passesAreSplitByTheLookAndEndAtTheNextStep() {
        // RPC 100.50, look [100.60, 100.70], next step 101.20; 26.05's queued pass is the first logged at or after
        // the RPC, 100.55 (y23h: the RPC logs after job_allocate made the job), so 101.00, 101.008 and 101.10 follow
        // it after the look; 100.10 is before the RPC and 101.30 after the next step
        MeasuredRun run = new MeasuredRun(Map.of(4, new MeasuredRun.Submission("q", 100.50, 100.60, 100.70, 101.20)),
                List.of(100.10, 100.55, 101.00, 101.008, 101.10, 101.30));
        PassTiming timing = PassTiming.of(SlurmVersion.V26_05);
        assertThat(run.furtherPasses(4, "q", timing)).isEqualTo(new MeasuredRun.FurtherPasses(0, 3));
        assertThat(run.furtherPasses(4, "other", timing)).isEqualTo(new MeasuredRun.FurtherPasses(0, 0));
        assertThat(MeasuredRun.NONE.furtherPasses(4, "q", timing)).isEqualTo(new MeasuredRun.FurtherPasses(0, 0));
    }
}
