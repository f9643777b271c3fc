package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.k8s.TestClusters;
import org.topoplanner.allocator.volcano.NetworkTopology;
import org.topoplanner.allocator.volcano.VolcanoPolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.k8s.HyperNode;
import org.topoplanner.model.k8s.HyperNodeMember;
import org.topoplanner.model.k8s.KubernetesSettings;
import org.topoplanner.model.k8s.TasRequest;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.k8s.VolcanoMode;
import org.topoplanner.resources.ShippedData;

/**
 * The schedulers' hard settings as hard constraints of the planner: the kubelet's Topology Manager,
 * Volcano's {@code highestTierAllowed} in hard mode, Kueue's required level. Each case is built so that
 * the unconstrained optimum breaks the setting, and the constrained answer is worked out by hand.
 */
class PlannerLimitsTest {
    /** leaf1..4 of 8 nodes (node01-32), spine1 = leaf1+2, spine2 = leaf3+4, a core; 8 GPUs on 2 NUMA nodes. */
    private final Cluster example = ShippedData.exampleCluster();

    private static PlannerPolicy planner(String tmPolicy, TopologyConstraints t) {
        return new PlannerPolicy(new PolicyOptions(SlurmVersion.V24_11, TopologyManagerPolicy.parse(tmPolicy).orElseThrow(),
                TopologyManagerScope.CONTAINER, t));
    }

    private static List<String> hosts(Suggestion s) {
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        return ((Suggestion.Placed) s).placement().hostNames();
    }

    /** One node of every leaf held whole: no leaf has 8 free nodes, each has 7. */
    private ClusterState oneBusyPerLeaf() {
        return PlannerPolicyTest.busy(example, "node[01,09,17,25]");
    }

    @Test
    void volcanoTierOneKeepsTheGangOnOneLeafOrPends() {
        JobRequest eight = JobRequest.nodesWithGpus("v", 8, 8);
        // without the limit the optimum spans two leaves of one spine
        assertThat(hosts(new PlannerPolicy().suggest(oneBusyPerLeaf(), eight))).hasSize(8);
        TopologyConstraints tier1 = TopologyConstraints.NONE.withVolcano(VolcanoMode.HARD, 1);
        Suggestion s = planner("none", tier1).suggest(oneBusyPerLeaf(), eight);
        assertThat(s).isInstanceOfSatisfying(Suggestion.Pending.class, p -> {
            assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES);
            assertThat(p.explanation()).contains("Volcano highestTierAllowed=1");
        });
        // Volcano itself agrees: the gang pends
        assertThat(new VolcanoPolicy(new PolicyOptions(SlurmVersion.V24_11, TopologyManagerPolicy.NONE, TopologyManagerScope.CONTAINER, tier1))
                .suggest(oneBusyPerLeaf(), eight)).isInstanceOf(Suggestion.Pending.class);
        // 7 nodes fit one leaf: the first fully fitting leaf by best fit
        assertThat(hosts(planner("none", tier1).suggest(oneBusyPerLeaf(), JobRequest.nodesWithGpus("v", 7, 8))))
                .containsExactlyElementsOf(Hostlist.expandOrEmpty("node[02-08]"));
    }

    @Test
    void aTierNoDomainCanHoldIsImpossibleAndNamesTheSetting() {
        Suggestion s = planner("none", TopologyConstraints.NONE.withVolcano(VolcanoMode.HARD, 1))
                .suggest(ClusterState.empty(example), JobRequest.nodesWithGpus("big", 9, 8));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Impossible.class, i -> assertThat(i.reason())
                .contains("Volcano highestTierAllowed=1").contains("the largest has 8 hosts"));
        // soft mode is a preference, not a limit
        assertThat(hosts(planner("none", TopologyConstraints.NONE.withVolcano(VolcanoMode.SOFT, 1))
                .suggest(ClusterState.empty(example), JobRequest.nodesWithGpus("big", 9, 8)))).hasSize(9);
    }

    @Test
    void tierTwoAllowsTwoLeavesOfOneSpine() {
        List<String> h = hosts(planner("none", TopologyConstraints.NONE.withVolcano(VolcanoMode.HARD, 2))
                .suggest(oneBusyPerLeaf(), JobRequest.nodesWithGpus("v", 8, 8)));
        // all under spine1 (node01-16) or all under spine2 (node17-32)
        assertThat(h.stream().allMatch(x -> x.compareTo("node17") < 0) || h.stream().allMatch(x -> x.compareTo("node17") >= 0))
                .as("%s under one spine", h).isTrue();
    }

    @Test
    void handDrawnHyperNodesThatCrossLeavesAreTheDomains() {
        // n01-n04 on leaf1, n05-n08 on leaf2; the tier-1 HyperNodes cut across them: x = n03-n06.
        KubernetesSettings k8s = new KubernetesSettings(List.of(
                new HyperNode("x", 1, "rack", List.of(HyperNodeMember.exactNode("n03"), HyperNodeMember.exactNode("n04"),
                        HyperNodeMember.exactNode("n05"), HyperNodeMember.exactNode("n06"))),
                new HyperNode("y", 1, "rack", List.of(HyperNodeMember.exactNode("n01"), HyperNodeMember.exactNode("n02"))),
                new HyperNode("z", 1, "rack", List.of(HyperNodeMember.exactNode("n07"), HyperNodeMember.exactNode("n08")))),
                List.of(), List.of(), java.util.Map.of());
        Cluster c = TestClusters.cluster("n", 8, 4, TestClusters.node(8, 64000, new int[] {4, 4}, new int[] {1, 1}), k8s);
        JobRequest three = JobRequest.nodesWithGpus("g", 3, 8);
        // unconstrained: three nodes of one leaf
        assertThat(hosts(new PlannerPolicy().suggest(ClusterState.empty(c), three)))
                .allMatch(h -> h.compareTo("n05") < 0);
        List<String> in = hosts(planner("none", TopologyConstraints.NONE.withVolcano(VolcanoMode.HARD, 1))
                .suggest(ClusterState.empty(c), three));
        assertThat(List.of("n03", "n04", "n05", "n06")).containsAll(in);
        // and Volcano picks inside x as well
        assertThat(List.of("n03", "n04", "n05", "n06")).containsAll(hosts(new VolcanoPolicy(
                new PolicyOptions(SlurmVersion.V24_11, TopologyManagerPolicy.NONE, TopologyManagerScope.CONTAINER, TopologyConstraints.NONE.withVolcano(VolcanoMode.HARD, 1)))
                .suggest(ClusterState.empty(c), three)));
    }

    @Test
    void kueueRequiredLevelIsALimitAndAnUnknownLevelIsImpossible() {
        JobRequest eight = JobRequest.nodesWithGpus("k", 8, 8);
        TopologyConstraints leaf = TopologyConstraints.NONE.withKueue(KueueMode.REQUIRED, "topoplanner.org/tier-1");
        assertThat(planner("none", leaf).suggest(oneBusyPerLeaf(), eight)).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.explanation()).contains("Kueue podset-required-topology=topoplanner.org/tier-1"));
        assertThat(hosts(planner("none", leaf).suggest(ClusterState.empty(example), eight)))
                .containsExactlyElementsOf(Hostlist.expandOrEmpty("node[01-08]"));
        // preferred is a preference: the planner spans two leaves when it must
        TopologyConstraints preferred = TopologyConstraints.NONE.withKueue(KueueMode.PREFERRED, "topoplanner.org/tier-1");
        assertThat(hosts(planner("none", preferred).suggest(oneBusyPerLeaf(), eight))).hasSize(8);
        Suggestion unknown = planner("none", TopologyConstraints.NONE.withKueue(KueueMode.REQUIRED, "rack"))
                .suggest(ClusterState.empty(example), eight);
        assertThat(unknown).isInstanceOfSatisfying(Suggestion.Impossible.class,
                i -> assertThat(i.reason()).contains("has no such level").contains("topoplanner.org/tier-1"));
    }

    @Test
    void bothLimitsAtOnceMeetInTheirIntersection() {
        TopologyConstraints both = TopologyConstraints.NONE.withVolcano(VolcanoMode.HARD, 2)
                .withKueue(KueueMode.REQUIRED, "topoplanner.org/tier-1");
        assertThat(planner("none", both).suggest(oneBusyPerLeaf(), JobRequest.nodesWithGpus("b", 8, 8)))
                .isInstanceOf(Suggestion.Pending.class);
    }

    /** node01 with GPUs 0,1 (NUMA 0) and 4,5 (NUMA 1) busy; every other node of leaf1 busy whole. */
    private ClusterState splitNode() {
        ClusterState s = PlannerPolicyTest.busy(example, "node[02-32]");
        return s.with(new Placement("split", List.of(HostAllocation.of("node01", List.of(0, 1, 4, 5), CpuSet.empty()))));
    }

    @Test
    void restrictedTopologyManagerRulesOutANodeItsKubeletWouldRefuse() {
        JobRequest four = JobRequest.nodesWithGpus("tm", 1, 4);
        // unconstrained: node01 is the only node with 4 free GPUs, two on each NUMA node
        Suggestion free = new PlannerPolicy().suggest(splitNode(), four);
        assertThat(hosts(free)).containsExactly("node01");
        // restricted: 4 GPUs fit one NUMA node of this node type, so the only hint (both NUMA nodes) is not
        // preferred and the kubelet answers TopologyAffinityError; on an idle node it admits, so: pending
        Suggestion restricted = planner("restricted", TopologyConstraints.NONE).suggest(splitNode(), four);
        assertThat(restricted).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.explanation()).contains("Topology Manager restricted"));
        // best-effort admits everything that fits
        assertThat(hosts(planner("best-effort", TopologyConstraints.NONE).suggest(splitNode(), four)))
                .containsExactly("node01");
        // on a node of its own NUMA node's GPUs the planner places as usual
        Placement p = ((Suggestion.Placed) planner("restricted", TopologyConstraints.NONE)
                .suggest(ClusterState.empty(example), four)).placement();
        assertThat(p.hosts().get(0).gpus()).containsExactly(0, 1, 2, 3);
    }

    @Test
    void singleNumaNodeNeverTakesEightGpusOnTwoNumaNodes() {
        Suggestion s = planner("single-numa-node", TopologyConstraints.NONE)
                .suggest(ClusterState.empty(example), JobRequest.nodesWithGpus("wide", 1, 8));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Impossible.class, i -> assertThat(i.reason())
                .contains("single-numa-node").contains("TopologyAffinityError"));
        // restricted admits it: both NUMA nodes is the narrowest mask that holds 8 GPUs
        assertThat(hosts(planner("restricted", TopologyConstraints.NONE)
                .suggest(ClusterState.empty(example), JobRequest.nodesWithGpus("wide", 1, 8)))).hasSize(1);
    }

    @Test
    void volcanoPolicyOptionsCarryTheTopology() {
        // the options reach the Volcano policy as its networkTopology
        NetworkTopology nt = new NetworkTopology(true, 1);
        assertThat(TopologyConstraints.NONE.withVolcano(nt.hard() ? VolcanoMode.HARD : VolcanoMode.SOFT, nt.highestTierAllowed()).hardVolcanoTier()).contains(1);
        assertThat(TopologyConstraints.NONE.withVolcano(VolcanoMode.SOFT, 1).hardVolcanoTier()).isEmpty();
    }
}
