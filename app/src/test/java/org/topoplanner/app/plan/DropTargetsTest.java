package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.resources.ShippedData;

/**
 * Drops inside one host of the shipped example (DGX-like nodes: GPUs 0–3 on NUMA node 0 of socket 0,
 * 4–7 on NUMA node 1 of socket 1) land inside what was pointed at, or are refused saying why.
 */
class DropTargetsTest {
    private static final PolicyChoice TREE = new PolicyChoice(PolicyId.SLURM_TREE, PolicyOptions.DEFAULT);
    private final PlacementAdvisor advisor = new PlacementAdvisor();
    private final Plan empty = Plan.of(ShippedData.exampleCluster());

    @Test
    void theExampleNodeHasFourGpusOnEachNumaNode() {
        NodeTopology node = empty.cluster().node("node01");
        assertThat(node.gpus()).filteredOn(g -> g.numaNodes().contains(1)).extracting(g -> g.index())
                .containsExactly(4, 5, 6, 7);
        assertThat(node.socketOfNuma(1)).isEqualTo(1);
    }

    @Test
    void aFourGpuJobDroppedOnGpu4LandsOn4To7() {
        Advice a = advisor.suggest(empty, JobRequest.nodesWithGpus("j", 1, 4), new DropTarget.OnGpus("node01", List.of(4)), TREE);
        assertThat(a.placement().hosts()).singleElement().satisfies(h -> {
            assertThat(h.host()).isEqualTo("node01");
            assertThat(h.gpus()).containsExactly(4, 5, 6, 7);
        });
    }

    @Test
    void droppedOnTheLastGpuTheBlockSlidesBackAndAroundTakenGpusItTakesTheNearestFree() {
        Advice last = advisor.suggest(empty, JobRequest.nodesWithGpus("j", 1, 4), new DropTarget.OnGpus("node01", List.of(7)), TREE);
        assertThat(last.placement().hosts().get(0).gpus()).containsExactly(4, 5, 6, 7);

        Plan busy = withJob(empty, "other", "node01", List.of(6, 7));
        Advice around = advisor.suggest(busy, JobRequest.nodesWithGpus("j", 1, 4), new DropTarget.OnGpus("node01", List.of(4)), TREE);
        assertThat(around.placement().hosts().get(0).gpus()).containsExactly(2, 3, 4, 5);
    }

    @Test
    void aFourGpuJobDroppedOnNuma1TakesNuma1sGpusAndCores() {
        Advice a = advisor.suggest(empty, JobRequest.nodesWithGpus("j", 1, 4), new DropTarget.OnNuma("node01", 1), TREE);
        HostAllocation h = a.placement().hosts().get(0);
        assertThat(h.gpus()).containsExactly(4, 5, 6, 7);
        NodeTopology node = empty.cluster().node("node01");
        CpuSet numa1 = org.topoplanner.allocator.ClusterIndex.of(empty.cluster()).cpuIdsOf("node01")
                .cpusOfCores(node.coresOfNuma(1).stream().map(c -> c.id()).toList());
        assertThat(h.cpus().isEmpty()).isFalse();
        assertThat(numa1.containsAll(h.cpus())).as("cores %s inside NUMA node 1 %s", h.cpus(), numa1).isTrue();
    }

    @Test
    void aTwoGpuJobDroppedOnSocket0StaysOnSocket0() {
        Advice a = advisor.suggest(empty, JobRequest.nodesWithGpus("j", 1, 2), new DropTarget.OnSocket("node01", 0), TREE);
        assertThat(a.placement().hosts().get(0).gpus()).allMatch(g -> g < 4).hasSize(2);
    }

    @Test
    void aNumaNodeWithTooFewFreeGpusIsRefusedWithTheCount() {
        Plan busy = withJob(empty, "other", "node01", List.of(4, 5));
        Advice a = advisor.suggest(busy, JobRequest.nodesWithGpus("j", 1, 4), new DropTarget.OnNuma("node01", 1), TREE);
        assertThat(a.verdict()).isEqualTo(Verdict.IMPOSSIBLE);
        assertThat(a.reason()).isEqualTo("NUMA node 1 of node01 has 2 free GPUs; the job needs 4 there");
    }

    @Test
    void anEightGpuJobOnANumaNodeOfFourIsRefused() {
        Advice a = advisor.suggest(empty, JobRequest.nodesWithGpus("j", 1, 8), new DropTarget.OnNuma("node01", 0), TREE);
        assertThat(a.verdict()).isEqualTo(Verdict.IMPOSSIBLE);
        assertThat(a.reason()).contains("NUMA node 0 of node01 has 4 free GPUs; the job needs 8");
    }

    @Test
    void aTakenGpuPointedAtIsRefusedNotMovedElsewhere() {
        Plan busy = withJob(empty, "other", "node01", List.of(4));
        Advice a = advisor.suggest(busy, JobRequest.nodesWithGpus("j", 1, 1), new DropTarget.OnGpus("node01", List.of(4)), TREE);
        assertThat(a.verdict()).isEqualTo(Verdict.IMPOSSIBLE);
        assertThat(a.reason()).startsWith("RESOURCE_OVERCOMMIT");
    }

    @Test
    void aTwoNodeJobDroppedOnNuma1UsesThatHostsNuma1AndAnotherHost() {
        Advice a = advisor.suggest(empty, JobRequest.nodesWithGpus("j", 2, 4), new DropTarget.OnNuma("node05", 1), TREE);
        assertThat(a.placement().hostNames()).contains("node05").hasSize(2);
        assertThat(a.placement().on("node05").orElseThrow().gpus()).containsExactly(4, 5, 6, 7);
    }

    @Test
    void aHostHeldWholeByAnotherJobIsRefusedNamingTheHost() {
        Plan busy = empty.withJob(new Job("whole", List.of("-N1", "--exclusive")),
                new Placement("whole", List.of(HostAllocation.of("node01", List.of(), CpuSet.of(0)))));
        Advice a = advisor.suggest(busy, JobRequest.nodesWithGpus("j", 1, 2), new DropTarget.OnNuma("node01", 0), TREE);
        assertThat(a.verdict()).isEqualTo(Verdict.IMPOSSIBLE);
        assertThat(a.reason()).startsWith("node01: ");
    }

    private static Plan withJob(Plan plan, String name, String host, List<Integer> gpus) {
        return plan.withJob(new Job(name, List.of("-N1", "--gpus-per-node=" + gpus.size())),
                new Placement(name, List.of(HostAllocation.of(host, gpus, CpuSet.of(0)))));
    }
}
