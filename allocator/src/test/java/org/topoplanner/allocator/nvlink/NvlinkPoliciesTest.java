package org.topoplanner.allocator.nvlink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.NvlinkReach;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.k8s.K8sDefaultPolicy;
import org.topoplanner.allocator.planner.PlannerPolicy;
import org.topoplanner.allocator.slurm.SlurmBlockPolicy;
import org.topoplanner.allocator.volcano.VolcanoPolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.k8s.VolcanoMode;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.nvlink.DomainOrigin;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/**
 * Every policy on two NVLink domains that cross the leaves (as when a rack's trays are cabled to the
 * leaves of two scalable units): leaf-a holds g01-g04, leaf-b g05-g08; clique c1 is g03-g06, c2 is
 * g01,g02,g07,g08. The fabric alone would put a 4-node job on one leaf, across both cliques.
 */
class NvlinkPoliciesTest {
    private static final String UUID = "9c6f5af3-53bf-49b5-a436-b66766c413c3";
    private static final Cluster CROSSED = crossed();

    private static Cluster crossed() {
        FabricBuilder fb = new FabricBuilder().addSwitch("spine").addSwitch("leaf-a").addSwitch("leaf-b");
        fb.cable("spine", "leaf-a");
        fb.cable("spine", "leaf-b");
        NodeTopology tray = ShippedData.template(NodeTemplate.GB200_NVL72_TRAY);
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        for (int i = 1; i <= 8; i++) {
            String h = String.format("g%02d", i);
            fb.addHost(h);
            fb.cable(i <= 4 ? "leaf-a" : "leaf-b", h);
            nodes.put(h, tray);
        }
        NvlinkDomains domains = NvlinkDomains.of(List.of(
                NvlinkDomain.ofClique(UUID, 1, List.of("g03", "g04", "g05", "g06"), DomainOrigin.CLIQUE_LABEL),
                NvlinkDomain.ofClique(UUID, 2, List.of("g01", "g02", "g07", "g08"), DomainOrigin.CLIQUE_LABEL)));
        return new Cluster("crossed", fb.build(), nodes, Map.of(), null, null, domains);
    }

    private static Set<String> domainsOf(Suggestion s) {
        Placement p = Placed.of(s).orElseThrow(() -> new AssertionError("not placed: " + s));
        return p.hostNames().stream().map(h -> NvlinkReach.domainOf(CROSSED, h).orElseThrow().name())
                .collect(Collectors.toSet());
    }

    private static JobRequest job(int nodes) {
        return JobRequest.nodesWithGpus("j", nodes, 4);
    }

    @Test
    void thePlannerKeepsAJobInOneDomainBeforeOneLeaf() {
        Suggestion s = new PlannerPolicy().suggest(ClusterState.empty(CROSSED), job(4));
        assertThat(domainsOf(s)).hasSize(1);
        assertThat(((Suggestion.Placed) s).notes()).anyMatch(n -> n.contains("inside one NVLink domain"));
    }

    @Test
    void slurmBlockTakesEachCliqueAsABlockWhenTheFabricNamesNone() {
        assertThat(CROSSED.fabric().blocks()).isEmpty();
        Suggestion s = new SlurmBlockPolicy(PolicyOptions.DEFAULT).suggest(ClusterState.empty(CROSSED), job(4));
        assertThat(domainsOf(s)).hasSize(1);
    }

    @Test
    void volcanoHasTheDomainsAsTierOne() {
        VolcanoPolicy tierOne = new VolcanoPolicy(PolicyOptions.DEFAULT.withTopology(
                new TopologyConstraints(VolcanoMode.HARD, 1, null, null)));
        assertThat(domainsOf(tierOne.suggest(ClusterState.empty(CROSSED), job(4)))).hasSize(1);
        assertThat(Placed.of(tierOne.suggest(ClusterState.empty(CROSSED), job(5)))).isEmpty();
    }

    @Test
    void k8sDefaultHoldsAComputeDomainJobInTheCliqueOfItsFirstPod() {
        K8sDefaultPolicy k8s = new K8sDefaultPolicy(PolicyOptions.DEFAULT);
        assertThat(domainsOf(k8s.suggest(ClusterState.empty(CROSSED), job(4)))).hasSize(1);
        // g01 busy: the first pod goes to g02 (clique 2, by name); pod affinity has no look-ahead, so the
        // job gets clique 2's three free trays and its fourth pod pends although clique 1 is idle
        ClusterState busy = ClusterState.empty(CROSSED).with(new Placement("busy",
                List.of(HostAllocation.of("g01", List.of(0, 1, 2, 3), CpuSet.empty()))));
        Suggestion s = k8s.suggest(busy, job(4));
        assertThat(domainsOf(s)).containsExactly(UUID + ".2");
        assertThat(Placed.of(s).orElseThrow().hostNames()).containsExactly("g02", "g07", "g08");
        assertThat(((Suggestion.Placed) s).notes()).anyMatch(n -> n.contains("1 of 4 pods pending")
                && n.contains("didn't match pod affinity rules"));
    }

    /** A job larger than every domain could have no ComputeDomain: it is placed as without one. */
    @Test
    void aJobLargerThanAnyDomainIsScheduledWithoutAComputeDomain() {
        Suggestion s = new K8sDefaultPolicy(PolicyOptions.DEFAULT).suggest(ClusterState.empty(CROSSED), job(6));
        assertThat(domainsOf(s)).hasSize(2);
        List<String> hosts = new ArrayList<>(Placed.of(s).orElseThrow().hostNames());
        assertThat(hosts).hasSize(6);
    }
}
