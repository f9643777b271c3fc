package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A timed run ({@link MeasuredRun}) says where the pass a submission behind a pending job queued fell, and the replay
 * follows it (own timed runs, section t18b of {@code src/test/resources/oracle/PROVENANCE.md}): every submit line of cmx19 22.05.8, fuzz98
 * 24.11.5 and 26.05.5 shows the job as the first pass after its RPC left it when that pass began before the look's
 * {@code scontrol}, and as {@code job_allocate} left it otherwise. 22.05's pass is the next logged background round,
 * 24.11's and 26.05's the next whole second, or a pass logged after the RPC before it ({@link PassTiming#queuedPassAt}). The script of {@link
 * PassAfterNextCancelTest} on cmx4: q ({@code --gpus=8}) queues behind the pending p, then x (on a1) is cancelled.
 */
class MeasuredQueuedPassTest {
    /** q is the fourth job step: seq 4. */
    private static final int Q = 4;

    private static List<String> replay(String release, MeasuredRun measured) {
        SlurmVersion v = SlurmVersion.parse(release).orElseThrow();
        var policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
        var parsed = JobScriptReader.read("jobs.txt", PassAfterNextCancelTest.SCRIPT).script();
        return OracleComparison.jobLines(ReplayLine.lines(new Replayer(OracleCase.cluster("cmx4"), policy,
                PassTiming.of(v), measured).run(parsed))).stream().map(OracleComparison::summary).toList();
    }

    /** q's RPC at {@code rpc}, looked at 20-60 ms later, x's cancel 200 ms after the RPC; passes as logged. */
    private static MeasuredRun q(double rpc, double... passes) {
        return new MeasuredRun(Map.of(Q, new MeasuredRun.Submission("q", rpc, rpc + 0.02, rpc + 0.06, rpc + 0.2)),
                java.util.Arrays.stream(passes).boxed().toList());
    }

    @ParameterizedTest(name = "Slurm {0}: 22.05 reads the logged round, the newer ones the next whole second")
    @CsvSource({
            // 22.05: the first logged pass at or after the RPC, wherever it falls in the second
            "22.05, 100.50, 100.51, BEFORE_LOOK", "22.05, 100.50, 100.60, BEFORE_NEXT_STEP", "22.05, 100.50, 100.90, ",
            "22.05, 100.50, 100.545, ",
            // 24.11 and 26.05: the next whole second (a pass logged before the RPC aside)
            "24.11, 100.99, 100.10, BEFORE_LOOK", "26.05, 100.90, 100.51, BEFORE_NEXT_STEP",
            // yet any pass logged at or after the RPC has the job in its queue, even inside the RPC's own second
            // (lead's yamlfz48 y39 under 26.05.5: RPC and pass both at :30.001, RUNNING at the look)
            "24.11, 100.50, 100.51, BEFORE_LOOK", "26.05, 100.001, 100.001, BEFORE_LOOK",
            // but the round that missed an RPC logged in the second's last ms runs none: the next logged pass
            // (lead's featfz12 f0 under 26.05.5: RPC at .995, no pass until the next second's .006)
            "26.05, 100.995, 102.006, ", "24.11, 100.995, 101.004, BEFORE_LOOK"})
    void theReleasesRulePlacesThePass(String release, double rpc, double logged, String where) {
        PassTiming timing = PassTiming.of(SlurmVersion.parse(release).orElseThrow());
        assertThat(q(rpc, logged).queuedPass(Q, "q", timing))
                .isEqualTo(Optional.ofNullable(where).map(MeasuredRun.QueuedPass::valueOf));
    }

    /**
     * A pass that began inside the look but well before its end held the job write lock when the look's {@code
     * scontrol} asked ({@link MeasuredRun#REPLY_TAIL_SECONDS}): the look printed what the pass left (own timed runs
     * featfz7 f13, cmx21 m55, fuzz98-timed p5 p22 under 26.05.5; at 19 and 32 ms before the end featfz12 f23
     * 24.11.5 and featfz11 f85 26.05.5); one in the look's last moments stays undecided (cmx2-timed m51, 22.05.8: 15
     * ms before the end, shown as before the pass).
     */
    @ParameterizedTest(name = "pass at {0} inside the look 100.52-100.70: {1}")
    @CsvSource({"100.55, BEFORE_LOOK", "100.63, BEFORE_LOOK", "100.67, BEFORE_LOOK", "100.681, BEFORE_LOOK",
            "100.687, ", "100.69, "})
    void aPassInsideTheLookBeforeItsAnswerCountsAsBeforeIt(double logged, String where) {
        MeasuredRun run = new MeasuredRun(Map.of(Q, new MeasuredRun.Submission("q", 100.5, 100.52, 100.70, 100.9)),
                List.of(logged));
        assertThat(run.queuedPass(Q, "q", PassTiming.of(SlurmVersion.V22_05)))
                .isEqualTo(Optional.ofNullable(where).map(MeasuredRun.QueuedPass::valueOf));
    }

    /**
     * With the look's RPC logged ({@code t_look_rpc}, opt-in {@code ORACLE_TIMED_LOOKS=1}) the order inside the look
     * is measured, not modelled: own probe c22m1 under 26.05.5, p2: look 267.935-268.026, its RPC received at
     * 267.997, the pass at 268.000 (26 ms before the look's end, which the 17 ms tail counts as before the look)
     * came after the answer and the look printed Priority; p23: the pass 45 ms before the end but 22 ms before the
     * RPC, printed RUNNING. A pass in the RPC's own millisecond is either order.
     */
    @ParameterizedTest(name = "pass at {0}, look 100.52-100.70 whose RPC slurmctld received at {1}: {2}")
    @CsvSource({"100.674, 100.671, BEFORE_NEXT_STEP", "100.674, 100.680, BEFORE_LOOK", "100.60, 100.58, BEFORE_NEXT_STEP",
            "100.65, 100.65, ", "100.51, 100.60, BEFORE_LOOK", "100.71, 100.60, BEFORE_NEXT_STEP",
            // without the RPC's time the tail decides: 26 ms before the end counts as before the look
            "100.674, NaN, BEFORE_LOOK"})
    void aLoggedLookRpcOrdersThePassInsideTheLook(double logged, double lookRpc, String where) {
        MeasuredRun run = new MeasuredRun(Map.of(Q, new MeasuredRun.Submission("q", 100.5, 100.52, 100.70, 100.9,
                true, lookRpc)), List.of(logged));
        assertThat(run.queuedPass(Q, "q", PassTiming.of(SlurmVersion.V22_05)))
                .isEqualTo(Optional.ofNullable(where).map(MeasuredRun.QueuedPass::valueOf));
        assertThat(run.lookEndedBeforeQueuedPass(Q, "q", PassTiming.of(SlurmVersion.V22_05)))
                .isEqualTo("BEFORE_NEXT_STEP".equals(where));
    }

    @Test
    void noTimesNoLoggedPassOrAnotherJobLeaveTheReleasesTiming() {
        PassTiming old = PassTiming.of(SlurmVersion.V22_05);
        assertThat(MeasuredRun.NONE.queuedPass(Q, "q", old)).isEmpty();
        assertThat(q(100.5).queuedPass(Q, "q", old)).isEmpty();
        assertThat(q(100.5, 100.51).queuedPass(Q + 1, "q", old)).isEmpty();
        assertThat(q(100.5, 100.51).queuedPass(Q, "p", old)).isEmpty();
    }

    @ParameterizedTest(name = "Slurm {0}: the pass before the look starts q on a2 at its submission")
    @CsvSource({"22.05, 100.50, 100.51", "24.11, 100.99, 0", "26.05, 100.99, 0"})
    void thePassBeforeTheLookShowsTheJobStarted(String release, double rpc, double logged) {
        List<String> without = replay(release, MeasuredRun.NONE);
        assertThat(without).contains("q submit PENDING(Priority) nodes= leaves=");
        List<String> with = replay(release, q(rpc, logged));
        assertThat(with).anyMatch(l -> l.startsWith("q submit RUNNING a2["));
        assertThat(with).anyMatch(l -> l.startsWith("q final RUNNING a2["));
    }

    @Test
    void underSlurm2205APassBeforeTheCancelKeepsItsStart() {
        // without times 22.05's pass waits for x's cancel and q takes a1 (PassAfterNextCancelTest); measured before
        // the cancel, it placed q on a2 while x still held a1
        assertThat(replay("22.05", MeasuredRun.NONE)).anyMatch(l -> l.startsWith("q final RUNNING a1["));
        List<String> with = replay("22.05", q(100.5, 100.6));
        assertThat(with).contains("q submit PENDING(Priority) nodes= leaves=");
        assertThat(with).anyMatch(l -> l.startsWith("q final RUNNING a2["));
        // measured after the cancel began: the release's timing again
        assertThat(replay("22.05", q(100.5, 100.8))).anyMatch(l -> l.startsWith("q final RUNNING a1["));
    }

    /**
     * Under 24.11 and 26.05 the replay runs q's pass before the harness's next step (q on a2, beside x); measured to
     * begin after x's cancel reached slurmctld, that pass (or the cancel's own) sees a1 free and q takes it, as the
     * pass after f35's cancel started f37 on f35's cores in own timed rerun featfz5-timed (24.11.5).
     */
    @ParameterizedTest(name = "Slurm {0}: the pass measured after the cancel takes what it freed")
    @CsvSource({"24.11", "26.05"})
    void underTheNewerReleasesAPassMeasuredAfterTheCancelSeesItsNodesFree(String release) {
        assertThat(replay(release, MeasuredRun.NONE)).anyMatch(l -> l.startsWith("q final RUNNING a2["));
        // q's RPC at 100.50, x's cancel at 100.70, the pass at the next whole second, 101.00
        PassTiming timing = PassTiming.of(SlurmVersion.parse(release).orElseThrow());
        assertThat(q(100.5, 101.0).passAfterNextStep(Q, "q", timing)).hasValueSatisfying(t -> {
            assertThat(t[0]).isEqualTo(101.0);
            assertThat(t[1]).isCloseTo(100.7, org.assertj.core.data.Offset.offset(1e-9));
        });
        List<String> with = replay(release, q(100.5, 101.0));
        assertThat(with).contains("q submit PENDING(Priority) nodes= leaves=");
        assertThat(with).anyMatch(l -> l.startsWith("q final RUNNING a1["));
        // a pass logged between the look and the cancel (100.60) has q in its queue: q takes a2 beside x
        assertThat(q(100.5, 100.6).passAfterNextStep(Q, "q", timing)).isEmpty();
        assertThat(replay(release, q(100.5, 100.6))).anyMatch(l -> l.startsWith("q final RUNNING a2["));
        // only the harness's start of the cancel known (no logged scancel RPC): the release's timing
        MeasuredRun unlogged = new MeasuredRun(Map.of(Q, new MeasuredRun.Submission("q", 100.5, 100.52, 100.56,
                100.7, false)), List.of(101.0));
        assertThat(unlogged.passAfterNextStep(Q, "q", timing)).isEmpty();
        assertThat(replay(release, unlogged)).anyMatch(l -> l.startsWith("q final RUNNING a2["));
        // the pass before the cancel (RPC at 100.90, pass 101.00, cancel 101.10) keeps q on a2
        assertThat(q(100.9, 100.6).passAfterNextStep(Q, "q", timing)).isEmpty();
        assertThat(replay(release, q(100.9, 100.6))).anyMatch(l -> l.startsWith("q final RUNNING a2["));
    }
}
