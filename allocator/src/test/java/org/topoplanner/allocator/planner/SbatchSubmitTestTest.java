package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@link SbatchSubmitTest}: fuzz21 p31 ({@code -N3 -n6 -c6 --gpus-per-node=1} enforce-binding) on the state real
 * Slurm had when it was submitted. Real 22.05.8 and 24.11.5 show {@code ReqNodeNotAvail, May be reserved for other
 * job} at submit (their test's pick on the idle cluster has more than three nodes: probes s22dsock, s24g2), real
 * 26.05.5 runs it on p1, p4, p5. {@code slurm-tree} 22.05 places it on the busy nodes (the pass that came 0.86 s
 * later in s22dsock), so before this test the planner placed it too (PlannerRealProbesTest's last "accepted" probe).
 */
class SbatchSubmitTestTest {
    private static final List<SlurmVersion> VERSIONS = List.of(SlurmVersion.V22_05, SlurmVersion.V24_11,
            SlurmVersion.V26_05);
    private static final List<String> RESULTS = List.of("results/", "results/new/", "results/v26.05/");

    @Test
    void fuzz21P31IsHeldWhereTheSubmitTestSaysReqNodeNotAvail() {
        for (int v = 0; v < VERSIONS.size(); v++) {
            SlurmVersion version = VERSIONS.get(v);
            RealProbeState s = RealProbeState.of("fuzz21", RESULTS.get(v) + "fuzz21.jsonl", "p31");
            PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(version);
            Suggestion mine = new PlannerPolicy(options).suggest(s.state(), s.probe());
            if (version == SlurmVersion.V26_05) {
                assertThat(s.real().path("state").asText()).isEqualTo("RUNNING");
                assertThat(mine).as("26.05").isInstanceOf(Suggestion.Placed.class);
                continue;
            }
            assertThat(s.real().path("reason").asText()).startsWith("ReqNodeNotAvail");
            assertThat(mine).as("the planner under %s", version.label()).isInstanceOf(Suggestion.Pending.class);
            assertThat(((Suggestion.Pending) mine).reason()).isEqualTo(PendingReason.REQ_NODE_NOT_AVAIL);
            SlurmTreePolicy tree = new SlurmTreePolicy(options);
            Suggestion.Pending refused = SbatchSubmitTest.refusal(s.state(), s.probe(), options,
                    state -> tree.suggest(state, s.probe()));
            assertThat(refused).as("the submit test under %s", version.label()).isNotNull();
        }
        // 22.05's selection on the busy nodes starts it (real 22.05.8's next pass did, s22dsock): only the test holds it
        RealProbeState s = RealProbeState.of("fuzz21", "results/fuzz21.jsonl", "p31");
        assertThat(new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05))
                .suggest(s.state(), s.probe())).isInstanceOf(Suggestion.Placed.class);
    }

    /**
     * fuzz97 p0 ({@code -N3 --cpus-per-gpu=4 --gpus=9 --gres-flags=enforce-binding}) on the state real 22.05.8 had: the
     * test's pick on the nodes usable now, seen idle, has more than three nodes, and with u6 held whole by the
     * {@code --exclusive} b1 ({@code nodes_busy}) {@code _pick_best_nodes} ends in {@code ESLURM_NODES_BUSY}:
     * {@code Resources} at submission, as real 22.05.8 shows and the replay emits. {@code slurm-tree} 22.05 places it
     * on the busy nodes (the pass that comes after the look); the planner holds it for the test, as it holds a test's
     * {@code ReqNodeNotAvail}. Real 24.11.5 runs it at once (its idle pick keeps three nodes), and so does the planner.
     * Before the test's {@code Resources} held the job, the planner placed it (planner-probes-known: fuzz97 22.05 p0).
     */
    @Test
    void fuzz97P0IsHeldWhereTheSubmitTestSaysResources() {
        RealProbeState s = RealProbeState.of("fuzz97", "results/fuzz97.jsonl", "p0");
        assertThat(s.real().path("reason").asText()).isEqualTo("Resources");
        PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05);
        SlurmTreePolicy tree = new SlurmTreePolicy(options);
        assertThat(tree.suggest(s.state(), s.probe())).isInstanceOf(Suggestion.Placed.class);
        assertThat(tree.suggest(s.state().seenBySubmitTest(false, List.of()), s.probe()))
                .isInstanceOfSatisfying(Suggestion.Pending.class,
                        p -> assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES));
        assertThat(new PlannerPolicy(options).suggest(s.state(), s.probe()))
                .isInstanceOfSatisfying(Suggestion.Pending.class, p -> {
                    assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES);
                    assertThat(p.cause()).isEqualTo(Suggestion.Pending.Cause.SUBMIT_TEST);
                });
        RealProbeState s24 = RealProbeState.of("fuzz97", "results/new/fuzz97.jsonl", "p0");
        assertThat(s24.real().path("state").asText()).isEqualTo("RUNNING");
        assertThat(new PlannerPolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11))
                .suggest(s24.state(), s24.probe())).isInstanceOf(Suggestion.Placed.class);
    }

    @Test
    void aJobTheIdleClusterPlacesPassesTheTest() {
        RealProbeState s = RealProbeState.of("fuzz21", "results/fuzz21.jsonl", "p31");
        PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05);
        SlurmTreePolicy tree = new SlurmTreePolicy(options);
        var job = PlannerPolicyTest.job("-N2 --gpus-per-node=1");
        assertThat(SbatchSubmitTest.refusal(s.state(), job, options, state -> tree.suggest(state, job))).isNull();
        assertThat(SbatchSubmitTest.refusal(ClusterState.empty(s.cluster()), job, options,
                state -> tree.suggest(state, job))).isNull();
    }

    /**
     * 24.11's retry counts a GPU job's CPUs unrounded ({@code _allocate_sc}, 24.11.5: "If the job requests gres, then
     * do not limit avail_cpus here"; {@code KnapsackRetry.AvailRes.baseCpus}): on p31's busy state p1 counts 29 + 2,
     * p2 26 + 2, so p2 leaves first and {p1, p4, p5} holds the job, as real 26.05.5 runs it. Rounded to whole tasks
     * (24 + 2 each) p1 left first and the retry failed, which matched 24.11.5's line only by chance: that line is
     * sbatch's idle test (probe s24g2's log), which the planner now asks apart and which holds the job.
     */
    @Test
    void under2411TheRetryStartsP31OnTheBusyNodesAndOnlyTheSubmitTestHoldsIt() {
        RealProbeState s = RealProbeState.of("fuzz21", "results/new/fuzz21.jsonl", "p31");
        PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V24_11);
        Suggestion tree = new SlurmTreePolicy(options).suggest(s.state(), s.probe());
        assertThat(tree).isInstanceOf(Suggestion.Placed.class);
        assertThat(((Suggestion.Placed) tree).placement().hostNames()).containsExactly("p1", "p4", "p5");
        assertThat(new PlannerPolicy(options).suggest(s.state(), s.probe())).isInstanceOf(Suggestion.Pending.class);
    }
}
