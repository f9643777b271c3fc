package org.topoplanner.allocator.kueue;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.k8s.KubeletSettings;
import org.topoplanner.allocator.k8s.PodTemplate;
import org.topoplanner.allocator.k8s.TestClusters;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.ContainerSpec;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.PodShape;
import org.topoplanner.model.k8s.KubernetesSettings;
import org.topoplanner.model.k8s.KueueTopology;
import org.topoplanner.model.k8s.ResourceFlavor;
import org.topoplanner.model.k8s.TasRequest;
import org.topoplanner.resources.ShippedData;

/**
 * kueue-tas on the example cluster: 4 leaves of 8 nodes (leaf1: node01-08, ...), leaf1-2 under spine1,
 * leaf3-4 under spine2, both under core; no Kueue objects, so the levels come from the fabric tiers.
 */
class KueueTasPolicyTest {
    private static final Cluster EXAMPLE = ShippedData.exampleCluster();
    private static final KueueTasPolicy POLICY = new KueueTasPolicy(PolicyOptions.DEFAULT);

    static JobRequest job(String name, int nodes, int gpus) {
        return JobRequest.nodesWithGpus(name, nodes, gpus);
    }

    static TasRequest tas(String name, int pods, String required, String preferred, boolean unconstrained) {
        return new TasRequest(name, "main", pods, null, required, preferred, unconstrained, null, null, List.of(), null);
    }

    /** node01..nodeNN hold all 8 GPUs. */
    static ClusterState busy(int upTo) {
        ClusterState s = ClusterState.empty(EXAMPLE);
        List<HostAllocation> hosts = new ArrayList<>();
        for (int i = 1; i <= upTo; i++) {
            hosts.add(HostAllocation.of(String.format("node%02d", i), List.of(0, 1, 2, 3, 4, 5, 6, 7), CpuSet.empty()));
        }
        return upTo == 0 ? s : s.with(new Placement("busy", hosts));
    }

    /**
     * A pod shape's {@code --slice-size 5 --slice-level tier-1} is the manifest's podset-slice annotations.
     * node01-05 busy leave leaf1 three free nodes: spine1 holds 11 pods, so 10 pods without slices go there
     * (leaf2's 8, then 2 on leaf1); with slices of 5 per leaf, spine1 holds one slice (leaf1 none, leaf2 one)
     * and the job moves to spine2, one slice on leaf3 and one on leaf4.
     */
    @Test
    void aPodShapesSlicesKeepEachSliceInOneDomainOfItsLevel() {
        TasRequest underSpine = tas("s", 0, null, "topoplanner.org/tier-2", false);
        PodShape plain = PodShape.onePerNode(10, ContainerSpec.of(8, 1));
        PodShape sliced = new PodShape(10, plain.containers(), PodShape.PodsPerNode.ONE, null, 5,
                "topoplanner.org/tier-1", false);
        JobRequest withoutSlices = JobRequest.builder().name("s").nodes(10).gpusPerNode(8).podShape(plain).build();
        JobRequest withSlices = JobRequest.builder().name("s").nodes(10).gpusPerNode(8).podShape(sliced).build();

        assertThat(hosts(POLICY.suggest(busy(5), withoutSlices, underSpine))).contains("node06", "node07")
                .allMatch(h -> h.compareTo("node17") < 0);
        List<String> inSlices = hosts(POLICY.suggest(busy(5), withSlices, underSpine));
        assertThat(inSlices).hasSize(10);
        assertThat(inSlices.stream().filter(h -> h.compareTo("node17") >= 0 && h.compareTo("node25") < 0)).hasSize(5);
        assertThat(inSlices.stream().filter(h -> h.compareTo("node25") >= 0)).hasSize(5);
    }

    @Test
    void derivesLevelsFromTheFabricTiers() {
        TopologyLevels l = TopologyLevels.of(EXAMPLE);
        assertThat(l.levels()).containsExactly("topoplanner.org/tier-3", "topoplanner.org/tier-2",
                "topoplanner.org/tier-1", "kubernetes.io/hostname");
        assertThat(l.values().get("node09")).containsExactly("core", "spine1", "leaf2", "node09");
        assertThat(l.values().get("node25")).containsExactly("core", "spine2", "leaf4", "node25");
    }

    @Test
    void preferredAtTheLeafTakesTheFirstLeafWhenAllAreEqual() {
        // Every leaf holds 8 pods: sorted by values, best fit keeps the first: leaf1, then node01-04.
        assertThat(hosts(POLICY.suggest(ClusterState.empty(EXAMPLE), job("a", 4, 8))))
                .containsExactly("node01", "node02", "node03", "node04");
    }

    @Test
    void bestFitPicksTheFullestLeafThatStillHoldsTheJob() {
        // node01-06 busy: leaf1 holds 2, the others 8; sorted [leaf2 8, leaf3 8, leaf4 8, leaf1 2]; the
        // first with the fewest pods >= 2 is leaf1, so node07 and node08.
        assertThat(hosts(POLICY.suggest(busy(6), job("b", 2, 8)))).containsExactly("node07", "node08");
    }

    @Test
    void preferredClimbsALevelAndRequiredPends() {
        // 10 pods: no leaf holds 10; spine1 and spine2 hold 16 each, best fit keeps spine1; its leaves
        // leaf1 (8) and leaf2 (8): leaf1 gives 8, leaf2 the last 2; then nodes by name.
        assertThat(hosts(POLICY.suggest(ClusterState.empty(EXAMPLE), job("c", 10, 8))))
                .containsExactly("node01", "node02", "node03", "node04", "node05", "node06", "node07", "node08",
                        "node09", "node10");
        Suggestion req = POLICY.suggest(ClusterState.empty(EXAMPLE), job("c", 10, 8),
                tas("c", 10, "topoplanner.org/tier-1", null, false));
        assertThat(req).isInstanceOf(Suggestion.Impossible.class);
        assertThat(((Suggestion.Impossible) req).reason()).contains("allows to fit only 8 out of 10 pod(s)");
        // With node01-06 busy a required 3-pod leaf job fits leaf2 (8 free; leaf1 holds only 2).
        Suggestion r3 = POLICY.suggest(busy(6), job("d", 3, 8), tas("d", 3, "topoplanner.org/tier-1", null, false));
        assertThat(hosts(r3)).containsExactly("node09", "node10", "node11");
        // With node01-30 busy only node31 and node32 (leaf4) are free: no leaf holds 3, required pends.
        Suggestion pend = POLICY.suggest(busy(30), job("d", 3, 8), tas("d", 3, "topoplanner.org/tier-1", null, false));
        assertThat(pend).isInstanceOf(Suggestion.Pending.class);
    }

    @Test
    void unconstrainedUsesLeastFreeCapacity() {
        // Pods of 2 GPUs: an idle node holds 4, node01 with GPUs 0-3 busy holds 2. At the hostname level,
        // sorted least first, node01 (2) is the first to hold both pods. Its kubelet (policy none) gives
        // the first pod {4,5} (go-gpuallocator: {4,5}{6,7} pairs score 450 each) and the second {6,7}.
        ClusterState s = ClusterState.empty(EXAMPLE).with(new Placement("x",
                List.of(HostAllocation.of("node01", List.of(0, 1, 2, 3), CpuSet.empty()))));
        Suggestion r = POLICY.suggest(s, job("e", 2, 2), tas("e", 2, null, null, true));
        Placement p = ((Suggestion.Placed) r).placement();
        assertThat(p.hostNames()).containsExactly("node01");
        assertThat(p.hosts().get(0).gpus()).containsExactly(4, 5, 6, 7);
    }

    @Test
    void readsLevelsFromAKueueTopologyAndNodeLabels() {
        // Two racks by label; rack "b" has 3 nodes, rack "a" 2: a 2-pod job preferred at the rack goes to
        // the best fit, rack a (2 pods), on n01 and n02.
        Map<String, Map<String, String>> labels = Map.of(
                "n01", Map.of("rack", "a"), "n02", Map.of("rack", "a"),
                "n03", Map.of("rack", "b"), "n04", Map.of("rack", "b"), "n05", Map.of("rack", "b"));
        KubernetesSettings k8s = new KubernetesSettings(List.of(),
                List.of(new KueueTopology("racks", List.of("rack", "kubernetes.io/hostname"))),
                List.of(new ResourceFlavor("gpu", Map.of(), "racks")), labels);
        Cluster c = TestClusters.cluster("n", 5, 5, TestClusters.node(8, 64000, new int[] {4, 4}, new int[] {1, 1}), k8s);
        KueueTasPolicy policy = new KueueTasPolicy(KubeletSettings.from(PolicyOptions.DEFAULT), PodTemplate.DEFAULT,
                j -> Optional.of(tas(j.name(), 2, null, "rack", false)));
        assertThat(hosts(policy.suggest(ClusterState.empty(c), job("f", 2, 8)))).containsExactly("n01", "n02");
        assertThat(policy.suggest(ClusterState.empty(c), job("g", 1, 8), tas("g", 1, "zone", null, false)))
                .isInstanceOf(Suggestion.Impossible.class);
    }

    static List<String> hosts(Suggestion s) {
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        return ((Suggestion.Placed) s).placement().hostNames();
    }
}
