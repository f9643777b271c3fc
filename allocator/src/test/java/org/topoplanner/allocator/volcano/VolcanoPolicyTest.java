package org.topoplanner.allocator.volcano;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.k8s.KubeletSettings;
import org.topoplanner.allocator.k8s.PodTemplate;
import org.topoplanner.allocator.k8s.TestClusters;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.k8s.HyperNode;
import org.topoplanner.model.k8s.HyperNodeMember;
import org.topoplanner.model.k8s.KubernetesSettings;
import org.topoplanner.resources.ShippedData;

/** volcano on the example cluster (HyperNodes derived from the fabric: leaf1-4 tier 1, spine1-2 tier 2, core tier 3). */
class VolcanoPolicyTest {
    private static final Cluster EXAMPLE = ShippedData.exampleCluster();

    private static VolcanoPolicy policy(NetworkTopology nt) {
        return new VolcanoPolicy(KubeletSettings.from(PolicyOptions.DEFAULT), PodTemplate.DEFAULT, j -> nt);
    }

    static ClusterState busy(int upTo) {
        ClusterState s = ClusterState.empty(EXAMPLE);
        List<HostAllocation> hosts = new ArrayList<>();
        for (int i = 1; i <= upTo; i++) {
            hosts.add(HostAllocation.of(String.format("node%02d", i), List.of(0, 1, 2, 3, 4, 5, 6, 7), CpuSet.empty()));
        }
        return upTo == 0 ? s : s.with(new Placement("busy", hosts));
    }

    @Test
    void derivesTheHyperNodeTreeFromTheFabric() {
        HyperNodeTree t = HyperNodeTree.of(EXAMPLE);
        assertThat(t.tiers()).containsExactly(1, 2, 3);
        assertThat(t.hyperNodes().get("spine2").realNodes()).hasSize(16).contains("node17", "node32");
        assertThat(t.lca("leaf1", "leaf2")).isEqualTo("spine1");
        assertThat(t.lca("leaf1", "leaf3")).isEqualTo("core");
        assertThat(t.hyperNodeOf("node09")).isEqualTo("leaf2");
    }

    @Test
    void hardModeTakesTheLowestTierThenTheScoreThenTheName() {
        // All leaves hold 4 idle nodes with equal scores: leaf1 by name, tasks on node01-04.
        assertThat(hosts(policy(new NetworkTopology(true, null)).suggest(ClusterState.empty(EXAMPLE),
                JobRequest.nodesWithGpus("a", 4, 8)))).containsExactly("node01", "node02", "node03", "node04");
        // node01-06 busy: leaf1 still holds 2 idle nodes, as do the others; equal scores: leaf1 again.
        assertThat(hosts(policy(new NetworkTopology(true, null)).suggest(busy(6),
                JobRequest.nodesWithGpus("b", 2, 8)))).containsExactly("node07", "node08");
        // 10 nodes: no leaf, so tier 2: spine1 and spine2 tie, spine1 by name.
        assertThat(hosts(policy(new NetworkTopology(true, null)).suggest(ClusterState.empty(EXAMPLE),
                JobRequest.nodesWithGpus("c", 10, 8)))).hasSize(10).allMatch(h -> h.compareTo("node17") < 0);
    }

    @Test
    void highestTierAllowedBoundsTheSearch() {
        Suggestion never = policy(NetworkTopology.hard(1)).suggest(ClusterState.empty(EXAMPLE),
                JobRequest.nodesWithGpus("d", 10, 8));
        assertThat(never).isInstanceOf(Suggestion.Impossible.class);
        // 27 nodes busy: leaf4 (node25-32) has 5 idle nodes: a 6-node job pends under tier 1...
        Suggestion pend = policy(NetworkTopology.hard(1)).suggest(busy(27), JobRequest.nodesWithGpus("e", 6, 8));
        assertThat(pend).isInstanceOf(Suggestion.Pending.class);
        // ...and fits nowhere under tier 2 either (spine2 has the same 5), but the core holds it? No: only
        // 5 nodes are idle in all, so it pends at any tier.
        assertThat(policy(new NetworkTopology(true, null)).suggest(busy(27), JobRequest.nodesWithGpus("e", 6, 8)))
                .isInstanceOf(Suggestion.Pending.class);
    }

    @Test
    void softModeKeepsTasksNearTheFirstOne() {
        // node01-06 busy. Task 1: node07 (all idle nodes tie, first name); the job's HyperNode is leaf1.
        // Task 2: node08 scores +100 (same HyperNode), leaf2 nodes +50 (LCA spine1, tier 2 of 1..3),
        // leaf3/4 +0: node08. Task 3: leaf1 is full; leaf2 nodes tie at +50 (no task there yet): node09.
        assertThat(hosts(policy(NetworkTopology.soft()).suggest(busy(6), JobRequest.nodesWithGpus("f", 3, 8))))
                .containsExactly("node07", "node08", "node09");
    }

    @Test
    void readsHyperNodeObjects() {
        // Two tier-1 HyperNodes by regex and by exact names under one tier-2 HyperNode.
        KubernetesSettings k8s = new KubernetesSettings(List.of(
                new HyperNode("s0", 1, "leaf", List.of(new HyperNodeMember("Node", null, "^n0[12]$", null))),
                new HyperNode("s1", 1, "leaf", List.of(HyperNodeMember.exactNode("n03"), HyperNodeMember.exactNode("n04"),
                        HyperNodeMember.exactNode("n05"))),
                new HyperNode("top", 2, "spine", List.of(HyperNodeMember.exactHyperNode("s0"),
                        HyperNodeMember.exactHyperNode("s1")))), List.of(), List.of(), java.util.Map.of());
        Cluster c = TestClusters.cluster("n", 5, 5, TestClusters.node(8, 64000, new int[] {4, 4}, new int[] {1, 1}), k8s);
        HyperNodeTree t = HyperNodeTree.of(c);
        assertThat(t.hyperNodes().get("s0").realNodes()).containsExactly("n01", "n02");
        assertThat(t.hyperNodes().get("top").realNodes()).containsExactlyInAnyOrder("n01", "n02", "n03", "n04", "n05");
        // 3 whole nodes: only s1 holds them at tier 1.
        assertThat(hosts(policy(NetworkTopology.hard(2)).suggest(ClusterState.empty(c),
                JobRequest.nodesWithGpus("g", 3, 8)))).containsExactly("n03", "n04", "n05");
    }

    static List<String> hosts(Suggestion s) {
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        return ((Suggestion.Placed) s).placement().hostNames();
    }
}
