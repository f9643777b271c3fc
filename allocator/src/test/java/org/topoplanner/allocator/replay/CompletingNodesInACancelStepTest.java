package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.slurm.SlurmBlockPolicy;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A pass that begins inside a cancel step, after the kill RPC but before the cancelled job's epilog ended (its own
 * pass, {@code _slurm_rpc_epilog_complete}'s {@code schedule(false)}, comes later), leaves that job's batch host out
 * (its first node, {@link BatchHost}; the others answered the kill at once, measured in probe c21q1): it is COMPLETING, and {@code _pick_best_nodes} ({@code node_scheduler.c}, 22.05.8, 24.11.5 and 26.05) takes {@code
 * cg_node_bitmap} off every node set ({@link CancelEnds}).
 */
class CompletingNodesInACancelStepTest {

    /**
     * Own case featfz9, timed 26.05.5 run: f6 (a1, a2) killed at :66.979; the background pass at :67.002 (queued by f10's
     * submission) starts f7, f9 and f10 but not f8 ({@code -w c1 --exclusive}); the epilog's pass follows at :67.017.
     * With a node of f6 out (a1, its batch host; c21b held a2, with the same lines), the exclusive f7 ({@code -p all,mix --gpus=5 --ntasks-per-gpu=2}) takes c1 and c2, so f8
     * cannot start; with them idle the replay put f7 on a4 and started f8 on c1, which real Slurm did not.
     */
    @Test
    void theQueuedPassBeforeTheEpilogLeavesTheCancelledJobsNodesOut() {
        List<String> snapshot = TimedReplay.summaries("featfz9", "job f11 ", "snapshot\n",
                "results/v26.05/featfz9.jsonl", SlurmVersion.V26_05).stream()
                .filter(l -> l.contains(" snapshot ")).toList();
        assertThat(snapshot).anyMatch(l -> l.startsWith("f7 snapshot RUNNING") && l.contains("nodes=c1,c2"));
        assertThat(snapshot).noneMatch(l -> l.startsWith("f8 snapshot") && l.contains("c1["));
    }

    /**
     * Own case featfz10, timed 24.11.5 run: f13 (a3, a4) killed at :56.972, the pass at :57.006 starts f19, f20
     * ({@code --exclusive -N2}), f22 and f23, the epilog's pass at :57.097 nothing. With one node still COMPLETING
     * (a3, the batch host; c21b held a4, with the same lines) f27 later gets the emptied a4 and f30 b1 as real shows;
     * with both idle (no rule) f27 went to a3 and f30 to b2, with both held out to a4 with other cores and c2.
     */
    @Test
    void onlyOneNodeIsStillCompleting() {
        assertThat(TimedReplay.summaries("featfz10", "job f31 ", "", "results/new/featfz10.jsonl",
                SlurmVersion.V24_11)).contains(
                "f27 submit RUNNING a4[c0,1,2,3,4,5,6,7,8,9,16,17,18,19,20,21,22,23,24,25 g0,1,4,5] nodes=a4 leaves=leafa",
                "f30 submit RUNNING b1[c4,5,6,7 g0,1] nodes=b1 leaves=leafb");
    }

    /**
     * Own case blockfz46 (topology/block), timed 24.11.5 run: k15 ({@code -N8 --gpus-per-node=2}) waits at its look,
     * its submission's pass started nothing; k11 ({@code -N3 --exclusive}, block b2: h2 g2 u1, h2 its batch host) is
     * killed at :33.982, the background pass at :34.002 starts k15, the epilog's pass follows at :34.074. With nothing to
     * take back, the cancel once ran one pass with all of k11's nodes idle and k15 took h2 (weight 10) beside g2; real
     * k15 left h2 out (COMPLETING) and took g2 and u1, which k21's cores and GPUs there (c1 g2 on u1) show.
     */
    @Test
    void aPassInsideTheCancelStepWithNothingToTakeBackLeavesTheBatchHostOut() {
        List<String> k15 = TimedReplay.summaries("blockfz46", "job k16 ", "snapshot\n",
                "results/new/blockfz46.jsonl", SlurmVersion.V24_11,
                new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11))).stream()
                .filter(l -> l.startsWith("k15 snapshot ")).toList();
        assertThat(k15).singleElement().satisfies(l -> {
            assertThat(l).startsWith("k15 snapshot RUNNING").contains("g2[", "u1[").doesNotContain("h2[");
        });
    }

    /**
     * Own case cmx25, timed 22.05.8 run (m23c): m80, m81, m84 and m85 were submitted behind m76 ({@code -w a1 -n6 -c2
     * --gpus-per-task=2}, waiting) with no pass until the full-queue pass at :55.307, 16 ms after m73's kill RPC (a1,
     * c2; a1 its batch host); the epilog's pass at :55.410 starts m76. 22.05's starts taken back at the cancel
     * ({@link PassTiming.AfterNextCancel}) ran again with a1 idle, so m76 went first to a1, a2, a4 and m84, m85 waited
     * Priority; with a1 COMPLETING in the first pass m76 is passed over (its -w node only leaves the pass), m81 takes
     * a4 whole, m84 b1 and b3, m85 a3, and the epilog's pass puts m76 on a1, b2, b4, c2, as real.
     */
    @Test
    void theTakenBackStartsOf2205RunBeforeTheEpilogWithTheBatchHostOut() {
        List<String> snapshot = TimedReplay.summaries("cmx25", "job m86 ", "snapshot\n", "results/cmx25.jsonl",
                SlurmVersion.V22_05).stream().filter(l -> l.contains(" snapshot ")).toList();
        assertThat(snapshot).anyMatch(l -> l.startsWith("m76 snapshot RUNNING") && l.contains("nodes=a1,b2,b4,c2"));
        assertThat(snapshot).anyMatch(l -> l.startsWith("m81 snapshot RUNNING") && l.contains("nodes=a4 "));
        assertThat(snapshot).anyMatch(l -> l.startsWith("m84 snapshot RUNNING") && l.contains("nodes=b1,b3 "));
        assertThat(snapshot).anyMatch(l -> l.startsWith("m85 snapshot RUNNING") && l.contains("nodes=a3 "));
    }

    /** The epilog's pass is the first "default depth" pass of the step off the background thread's whole-second tick. */
    @Test
    void theEpilogsPassIsOffTheTick() {
        // featfz10 24.11.5, cancel of f13: kill :56.972, tick :57.006, epilog :57.097, step end :57.257
        CancelEnds ends = new CancelEnds(Map.of(156.972, 157.257), List.of(156.008, 157.006, 157.097, 158.006));
        assertThat(ends.epilogPass(156.972)).hasValue(157.097);
        assertThat(ends.completingAt(157.0, 156.972)).isTrue();
        // featfz9 26.05.5, cancel of f6: a second default-depth pass in the tick's second is the epilog's
        CancelEnds second = new CancelEnds(Map.of(66.979, 67.142), List.of(67.002, 67.017));
        assertThat(second.epilogPass(66.979)).hasValue(67.017);
        // featfz9 24.11.5, cancel of f6: the only pass, off the tick, is the epilog's, and it is the pass itself
        CancelEnds alone = new CancelEnds(Map.of(28.562, 28.720), List.of(28.002, 28.596, 30.002));
        assertThat(alone.epilogPass(28.562)).hasValue(28.596);
        assertThat(alone.completingAt(29.0, 28.562)).isFalse();
        // a tick pass only (the epilog's request fell into it): not known, so not completing
        CancelEnds tickOnly = new CancelEnds(Map.of(10.9, 11.2), List.of(11.004));
        assertThat(tickOnly.epilogPass(10.9)).isEmpty();
        assertThat(CancelEnds.NONE.completingAt(11.0, 10.9)).isFalse();
    }
}
