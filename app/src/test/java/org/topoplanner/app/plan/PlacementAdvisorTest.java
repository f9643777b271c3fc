package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.k8s.VolcanoMode;
import org.topoplanner.resources.ShippedData;

class PlacementAdvisorTest {
    private final PlacementAdvisor advisor = new PlacementAdvisor();
    private final Plan empty = Plan.of(ShippedData.exampleCluster());

    @Test
    void aJobDroppedOnASwitchStaysInItsSubtree() {
        JobRequest r = JobRequest.nodesWithGpus("j", 4, 8);
        Advice a = advisor.suggest(empty, r, new DropTarget.OnSwitch("leaf3"), new PolicyChoice(PolicyId.SLURM_TREE, PolicyOptions.DEFAULT));
        assertThat(a.placement().hostNames()).containsExactly("node17", "node18", "node19", "node20");
        assertThat(a.verdict()).isNotEqualTo(Verdict.IMPOSSIBLE);
    }

    @Test
    void aSwitchTooSmallForTheJobIsRed() {
        JobRequest r = JobRequest.nodesWithGpus("j", 10, 8);
        Advice a = advisor.suggest(empty, r, new DropTarget.OnSwitch("leaf1"), new PolicyChoice(PolicyId.SLURM_TREE, PolicyOptions.DEFAULT));
        assertThat(a.verdict()).isEqualTo(Verdict.IMPOSSIBLE);
        assertThat(a.placementIfAny()).isEmpty();
        assertThat(a.reason()).isNotBlank();
    }

    @Test
    void aJobDroppedOnAHostUsesIt() {
        JobRequest r = JobRequest.nodesWithGpus("j", 1, 4);
        Advice a = advisor.suggest(empty, r, new DropTarget.OnHost("node30"), new PolicyChoice(PolicyId.SLURM_TREE, PolicyOptions.DEFAULT));
        assertThat(a.placement().hostNames()).containsExactly("node30");
    }

    @Test
    void gpusDroppedByHandAcrossSocketsAreAmberAndOvercommitIsRed() {
        JobRequest r = JobRequest.nodesWithGpus("j", 1, 2);
        Advice split = advisor.suggest(empty, r, new DropTarget.OnGpus("node01", List.of(0, 4)), new PolicyChoice(PolicyId.SLURM_TREE, PolicyOptions.DEFAULT));
        assertThat(split.verdict()).isEqualTo(Verdict.WARNINGS);
        assertThat(split.violations()).extracting(v -> v.code()).contains("GPU_NUMA_SPLIT");

        Plan busy = empty.withJob(new Job("other", List.of("-N1", "--gpus-per-node=1")),
                new Placement("other", List.of(HostAllocation.of("node01", List.of(0), CpuSet.of(0)))));
        Advice clash = advisor.check(busy, r, new Placement("j", List.of(HostAllocation.of("node01", List.of(0, 1),
                CpuSet.of(1)))), new PolicyChoice(PolicyId.SLURM_TREE, PolicyOptions.DEFAULT));
        assertThat(clash.verdict()).isEqualTo(Verdict.IMPOSSIBLE);
        assertThat(clash.reason()).startsWith("RESOURCE_OVERCOMMIT");
    }

    @Test
    void handPlacementsAreJudgedUnderThePolicysOwnSettings() {
        Plan empty = Plan.of(org.topoplanner.resources.ShippedData.exampleCluster());
        JobRequest two = JobRequest.nodesWithGpus("j", 2, 8);
        Placement acrossLeaves = new Placement("j", List.of(
                HostAllocation.of("node01", List.of(0, 1, 2, 3, 4, 5, 6, 7), CpuSet.of(0)),
                HostAllocation.of("node09", List.of(0, 1, 2, 3, 4, 5, 6, 7), CpuSet.of(0))));
        PolicyOptions tier1 = PolicyOptions.DEFAULT.withTopology(
                org.topoplanner.model.k8s.TopologyConstraints.NONE.withVolcano(VolcanoMode.HARD, 1));
        assertThat(advisor.check(empty, two, acrossLeaves, new PolicyChoice(PolicyId.VOLCANO, tier1)).violations())
                .extracting(v -> v.code()).contains("TIER_LIMIT");
        assertThat(advisor.check(empty, two, acrossLeaves, new PolicyChoice(PolicyId.SLURM_TREE, tier1)).violations())
                .extracting(v -> v.code()).doesNotContain("TIER_LIMIT");
        // GPUs 2,3,6,7 of node01 busy: the four left sit two on each NUMA node, and the kubelet refuses four
        // GPUs there under restricted (one NUMA node of this type holds four), but not under none
        Plan half = empty.withJob(new Job("other", List.of("-N1", "--gpus-per-node=4")),
                new Placement("other", List.of(HostAllocation.of("node01", List.of(2, 3, 6, 7), CpuSet.of(0)))));
        Placement split = new Placement("k", List.of(HostAllocation.of("node01", List.of(0, 1, 4, 5), CpuSet.of(1))));
        JobRequest four = JobRequest.nodesWithGpus("k", 1, 4);
        PolicyOptions restricted = new PolicyOptions(org.topoplanner.model.slurm.SlurmVersion.V24_11,
                TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.CONTAINER);
        assertThat(advisor.check(half, four, split, new PolicyChoice(PolicyId.K8S_DEFAULT, restricted)).violations())
                .extracting(v -> v.code()).contains("TOPOLOGY_MANAGER_REJECT");
        assertThat(advisor.check(half, four, split, new PolicyChoice(PolicyId.K8S_DEFAULT, PolicyOptions.DEFAULT)).violations())
                .extracting(v -> v.code()).doesNotContain("TOPOLOGY_MANAGER_REJECT");
    }
}
