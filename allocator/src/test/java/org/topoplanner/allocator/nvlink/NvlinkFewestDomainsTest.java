package org.topoplanner.allocator.nvlink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.NvlinkReach;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.planner.PlannerPolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.nvlink.DomainOrigin;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/** The planner packs a job larger than one NVLink domain into the fewest domains that can hold it. */
class NvlinkFewestDomainsTest {
    private static final String UUID = "9c6f5af3-53bf-49b5-a436-b66766c413c3";

    private static Set<String> domainsOf(Cluster c, Suggestion s) {
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        return ((Suggestion.Placed) s).placement().hostNames().stream()
                .map(h -> NvlinkReach.domainOf(c, h).orElseThrow().name()).collect(Collectors.toSet());
    }

    private static Placement busy(String job, String host) {
        return new Placement(job, List.of(HostAllocation.of(host, List.of(0, 1, 2, 3), CpuSet.empty())));
    }

    @Test
    void thirtySixTraysGoToTheTwoFreeRacksOfAnNvl72Cluster() {
        Cluster c = Nvl72Clusters.topograph(NodeTemplate.GB200_NVL72_TRAY);
        List<NvlinkDomain> racks = NvlinkReach.of(c).all();
        assertThat(racks).hasSize(4).allMatch(d -> d.hosts().size() == 18);
        // One tray busy in racks 2 and 4: racks 1 and 3 are the only two wholly free.
        ClusterState state = ClusterState.empty(c).with(busy("b2", racks.get(1).hosts().get(0)))
                .with(busy("b4", racks.get(3).hosts().get(0)));
        Suggestion s = new PlannerPolicy().suggest(state, JobRequest.nodesWithGpus("j", 36, 4));
        assertThat(domainsOf(c, s)).containsExactlyInAnyOrder(racks.get(0).name(), racks.get(2).name());
    }

    /**
     * Two leaves of six trays and three racks of four, each rack half on each leaf: the fabric alone puts
     * a 6-tray job on one leaf, across all three racks; two racks hold it.
     */
    @Test
    void aJobTheFabricWouldSpreadOverThreeRacksTakesTwo() {
        FabricBuilder fb = new FabricBuilder().addSwitch("spine").addSwitch("leaf-a").addSwitch("leaf-b");
        fb.cable("spine", "leaf-a");
        fb.cable("spine", "leaf-b");
        NodeTopology tray = ShippedData.template(NodeTemplate.GB200_NVL72_TRAY);
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        for (String leaf : List.of("a", "b")) {
            for (int i = 1; i <= 6; i++) {
                fb.addHost(leaf + i);
                fb.cable("leaf-" + leaf, leaf + i);
                nodes.put(leaf + i, tray);
            }
        }
        NvlinkDomains racks = NvlinkDomains.of(List.of(
                NvlinkDomain.ofClique(UUID, 1, List.of("a1", "a2", "b1", "b2"), DomainOrigin.NVIDIA_SMI),
                NvlinkDomain.ofClique(UUID, 2, List.of("a3", "a4", "b3", "b4"), DomainOrigin.NVIDIA_SMI),
                NvlinkDomain.ofClique(UUID, 3, List.of("a5", "a6", "b5", "b6"), DomainOrigin.NVIDIA_SMI)));
        Cluster c = new Cluster("crossed3", fb.build(), nodes, Map.of(), null, null, racks);
        Suggestion s = new PlannerPolicy().suggest(ClusterState.empty(c), JobRequest.nodesWithGpus("j", 6, 4));
        assertThat(domainsOf(c, s)).hasSize(2);
        assertThat(((Suggestion.Placed) s).notes()).anyMatch(n -> n.contains("fewest NVLink domains, 2"));
        // A job one rack holds still stays in one.
        Suggestion small = new PlannerPolicy().suggest(ClusterState.empty(c), JobRequest.nodesWithGpus("k", 4, 4));
        assertThat(domainsOf(c, small)).hasSize(1);
    }
}
