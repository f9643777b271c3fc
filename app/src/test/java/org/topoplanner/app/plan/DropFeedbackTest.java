package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.validate.Violation;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.resources.ShippedData;

/**
 * What the status bar says and the ghost covers while a job is dragged and after it is dropped, for
 * every verdict, GPU and CPU-only jobs, and refused drops; first from advice made by hand (the
 * wording), then from the advisor on the example cluster (the pieces fit together).
 */
class DropFeedbackTest {
    private static final Violation CROSS_LEAF = new Violation("CROSS_LEAF", Severity.WARNING, List.of("leaf3"),
            "spans leaf1 and leaf3");
    private static final Violation OVERCOMMIT = new Violation("RESOURCE_OVERCOMMIT", Severity.ERROR,
            List.of("node05"), "GPU 2 of node05 is held by gpu1");

    private static Placement placement(String job, HostAllocation... hosts) {
        return new Placement(job, List.of(hosts));
    }

    private static HostAllocation on(String host, Integer... gpus) {
        return HostAllocation.of(host, List.of(gpus), CpuSet.parse("0-1"));
    }

    private static Advice advice(Placement p, Verdict v, List<Violation> violations, String reason) {
        return new Advice(p, violations, null, v, reason);
    }

    @Test
    void aValidSuggestionNamesTheTargetAndTheNodesAndGhostsItsGpus() {
        Advice a = advice(placement("n2x8", on("node02", 0, 1, 2, 3), on("node01", 4, 5)), Verdict.VALID, List.of(), "");

        DropFeedback f = DropFeedback.over(a, new DropTarget.OnSwitch("leaf1"));

        assertThat(f.verdict()).isEqualTo(Verdict.VALID);
        assertThat(f.sentence()).isEqualTo("\u2714 under leaf1: node[01-02]");
        assertThat(f.ghost()).containsExactly(entry("node02", List.of(0, 1, 2, 3)), entry("node01", List.of(4, 5)));
    }

    @Test
    void warningsAddTheReasonAndImpossibleGivesOnlyTheReasonAndNoGhost() {
        Advice amber = advice(placement("j", on("node05", 0)), Verdict.WARNINGS, List.of(CROSS_LEAF),
                "CROSS_LEAF: spans leaf1 and leaf3");
        Advice red = Advice.impossible("impossible: no node has 16 GPUs");

        assertThat(DropFeedback.over(amber, new DropTarget.OnHost("node05")).sentence())
                .isEqualTo("\u26a0 on node05: node05 \u2014 CROSS_LEAF: spans leaf1 and leaf3");
        DropFeedback refused = DropFeedback.over(red, DropTarget.ANYWHERE);
        assertThat(refused.verdict()).isEqualTo(Verdict.IMPOSSIBLE);
        assertThat(refused.sentence()).isEqualTo("\u2716 anywhere: impossible: no node has 16 GPUs");
        assertThat(refused.ghost()).isEmpty();
    }

    @Test
    void gpusAreNamedTheWayTheyAreTyped() {
        assertThat(DropFeedback.where(new DropTarget.OnGpus("node01", List.of(3, 4)))).isEqualTo("on node01 GPUs 3,4");
        assertThat(DropFeedback.where(DropTarget.ANYWHERE)).isEqualTo("anywhere");
    }

    @Test
    void aCpuOnlyJobGhostsItsHostWithoutGpus() {
        Advice a = advice(placement("cpu", on("node07")), Verdict.VALID, List.of(), "");
        DropFeedback f = DropFeedback.over(a, new DropTarget.OnHost("node07"));
        assertThat(f.ghost()).containsExactly(entry("node07", List.of()));
        assertThat(f.sentence()).isEqualTo("\u2714 on node07: node07");
    }

    @Test
    void aShareMoveSaysWhatGotWorseAfterTheNodesOrAfterTheGpus() {
        Advice toNode20 = advice(placement("n4x8", on("node01", 0), on("node02", 0), on("node03", 0), on("node20", 0)),
                Verdict.WARNINGS, List.of(CROSS_LEAF), "CROSS_LEAF: spans leaf1 and leaf3");
        assertThat(DropFeedback.shareOver(toNode20, new DropTarget.OnHost("node20"), List.of()).sentence())
                .isEqualTo("\u26a0 on node20: node[01-03,20] \u2014 worse: CROSS_LEAF: spans leaf1 and leaf3");

        Advice slid = advice(placement("pair", on("node01", 4, 5)), Verdict.VALID, List.of(), "placed by hand");
        DropFeedback f = DropFeedback.shareOver(slid, new DropTarget.OnGpus("node01", List.of(4, 5)), List.of(CROSS_LEAF));
        assertThat(f.sentence()).isEqualTo("\u2714 on node01 GPUs 4,5: better: clears CROSS_LEAF");
        assertThat(f.ghost()).containsExactly(entry("node01", List.of(4, 5)));
    }

    @Test
    void aShareThatCannotGoThereSaysWhyAsAnyDragDoes() {
        Advice red = Advice.impossible("no host under leaf2 has room for 8 GPUs");
        assertThat(DropFeedback.shareOver(red, new DropTarget.OnSwitch("leaf2"), List.of()).sentence())
                .isEqualTo("\u2716 under leaf2: no host under leaf2 has room for 8 GPUs");
        assertThat(DropFeedback.shareDropped("n4x8", new DropTarget.OnSwitch("leaf2"), red, List.of()))
                .isEqualTo("cannot move n4x8 there: no host under leaf2 has room for 8 GPUs");
    }

    @Test
    void afterADropTheSentenceSaysWhatHappened() {
        Advice moved = advice(placement("n4x8", on("node01", 0), on("node20", 0)), Verdict.WARNINGS,
                List.of(CROSS_LEAF), "CROSS_LEAF: spans leaf1 and leaf3");
        assertThat(DropFeedback.shareDropped("n4x8", new DropTarget.OnHost("node20"), moved, List.of()))
                .isEqualTo("moved n4x8 to node[01,20] \u2014 worse: CROSS_LEAF: spans leaf1 and leaf3");
        assertThat(DropFeedback.shareDropped("pair", new DropTarget.OnGpus("node01", List.of(3, 4)), moved,
                List.of(CROSS_LEAF))).isEqualTo("moved pair to node01 GPUs 3,4 \u2014 no violation added");
        assertThat(DropFeedback.shareDropped("pair", null, null, List.of())).isEqualTo("pair stays where it was");
        assertThat(DropFeedback.cancelled("pair")).isEqualTo("move of pair cancelled");
    }

    @Test
    void aWholeJobMovedFromTheListCountsItsViolations() {
        Advice clean = advice(placement("j", on("node02", 0)), Verdict.VALID, List.of(), "placed by hand");
        Advice broken = advice(placement("j", on("node05", 2)), Verdict.IMPOSSIBLE, List.of(OVERCOMMIT, CROSS_LEAF),
                "RESOURCE_OVERCOMMIT: GPU 2 of node05 is held by gpu1");
        assertThat(DropFeedback.moved("j", clean)).isEqualTo("moved j: no violations");
        assertThat(DropFeedback.moved("j", broken))
                .isEqualTo("moved j: 2 violation(s), first RESOURCE_OVERCOMMIT: GPU 2 of node05 is held by gpu1");
    }

    @Test
    void aNewJobIsPlacedOrRefusedWithTheLastReason() {
        assertThat(DropFeedback.dropped("gpu1-2", null)).isEqualTo("placed gpu1-2");
        assertThat(DropFeedback.dropped(null, Advice.impossible("impossible: no node has 16 GPUs")))
                .isEqualTo("not placed: impossible: no node has 16 GPUs");
        assertThat(DropFeedback.dropped(null, null)).isEqualTo("not placed: no room");
        assertThat(DropFeedback.badJob(List.of("unknown option --gpus-per-nodes", "-N needs a number")))
                .isEqualTo("bad job: unknown option --gpus-per-nodes; -N needs a number");
    }

    @Test
    void theHintSaysWhereAShareCanGoInEachView() {
        assertThat(DropFeedback.shareHint("n4x8", "node09", false))
                .isEqualTo("Move n4x8: drop its GPUs of node09 on another host or switch; Esc cancels");
        assertThat(DropFeedback.shareHint("pair", "node01", true))
                .isEqualTo("Move pair: drop its GPUs on other GPUs of node01 (the Fabric tab moves it to another host); Esc cancels");
    }

    @Test
    void fromTheAdvisorAGpuJobOnAHostAndACpuOnlyJobOnASwitch() throws Exception {
        PlacementAdvisor advisor = new PlacementAdvisor();
        Plan empty = Plan.of(ShippedData.exampleCluster());

        JobRequest gpus = JobRequest.nodesWithGpus("j", 1, 4);
        DropTarget node30 = new DropTarget.OnHost("node30");
        DropFeedback f = DropFeedback.over(advisor.suggest(empty, gpus, node30, new PolicyChoice(PolicyId.SLURM_TREE, PolicyOptions.DEFAULT)),
                node30);
        assertThat(f.verdict()).isEqualTo(Verdict.VALID);
        assertThat(f.sentence()).isEqualTo("\u2714 on node30: node30");
        assertThat(f.ghost()).containsOnlyKeys("node30");
        assertThat(f.ghost().get("node30")).hasSize(4);

        JobRequest cpuOnly = SbatchOptions.parseLine("-N 2 --ntasks-per-node=4", "cpus");
        DropTarget leaf3 = new DropTarget.OnSwitch("leaf3");
        DropFeedback c = DropFeedback.over(advisor.suggest(empty, cpuOnly, leaf3, new PolicyChoice(PolicyId.SLURM_TREE, PolicyOptions.DEFAULT)),
                leaf3);
        assertThat(c.verdict()).isNotEqualTo(Verdict.IMPOSSIBLE);
        assertThat(c.sentence()).startsWith(DropFeedback.symbol(c.verdict()) + " under leaf3: node");
        assertThat(c.ghost()).hasSize(2).allSatisfy((host, g) -> assertThat(g).isEmpty());
        assertThat(c.ghost().keySet()).isSubsetOf(empty.cluster().fabric().hostsUnder("leaf3"));
    }

    @Test
    void fromTheAdvisorAJobTooBigForTheSwitchIsRefused() {
        Plan empty = Plan.of(ShippedData.exampleCluster());
        DropTarget leaf1 = new DropTarget.OnSwitch("leaf1");
        Advice a = new PlacementAdvisor().suggest(empty, JobRequest.nodesWithGpus("big", 10, 8), leaf1,
                new PolicyChoice(PolicyId.SLURM_TREE, PolicyOptions.DEFAULT));
        DropFeedback f = DropFeedback.over(a, leaf1);
        assertThat(f.verdict()).isEqualTo(Verdict.IMPOSSIBLE);
        assertThat(f.ghost()).isEmpty();
        assertThat(f.sentence()).isEqualTo("\u2716 under leaf1: " + a.reason()).contains("pending");
    }
}
