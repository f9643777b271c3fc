package org.topoplanner.allocator.nvlink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.NvlinkReach;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.kueue.KueueTasPolicy;
import org.topoplanner.allocator.kueue.TopologyLevels;
import org.topoplanner.allocator.metrics.PlacementMetrics;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.k8s.TasRequest;
import org.topoplanner.model.nvlink.RackDesign;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/** kueue-tas with the NVLink clique as a level, and the ring inside one domain at NVLink speed. */
class KueueCliqueLevelTest {
    private static final Cluster NVL72 = Nvl72Clusters.topograph(NodeTemplate.GB200_NVL72_TRAY);
    private static final KueueTasPolicy POLICY = new KueueTasPolicy(PolicyOptions.DEFAULT);

    private static TasRequest required(String level) {
        return new TasRequest("j", "main", 0, null, level, null, false, null, null, List.of(), null);
    }

    private static Set<String> domainsOf(Placement p) {
        return p.hostNames().stream().map(h -> NvlinkReach.domainOf(NVL72, h).orElseThrow().name())
                .collect(Collectors.toSet());
    }

    @Test
    void theCliqueIsALevelBelowTheLeafOfEachRack() {
        TopologyLevels l = TopologyLevels.of(NVL72);
        assertThat(l.levels()).containsExactly("topoplanner.org/tier-3", "topoplanner.org/tier-2", "topoplanner.org/tier-1",
                "nvidia.com/gpu.clique", "kubernetes.io/hostname");
        assertThat(l.values().get("node1205")).containsExactly("core", "spine-1", "leaf-1-2", "nvl-1-2", "node1205");
        assertThat(NvlinkReach.of(NVL72).all()).allMatch(d -> d.design() == RackDesign.GB200_NVL72);
    }

    @Test
    void aRequiredCliqueKeepsEighteenTraysInOneRackAndRefusesNineteen() {
        ClusterState idle = ClusterState.empty(NVL72);
        Suggestion s = POLICY.suggest(idle, JobRequest.nodesWithGpus("j", 18, 4), required("nvidia.com/gpu.clique"));
        assertThat(Placed.of(s)).isPresent();
        assertThat(domainsOf(Placed.of(s).get())).hasSize(1);
        Suggestion over = POLICY.suggest(idle, JobRequest.nodesWithGpus("j", 19, 4), required("nvidia.com/gpu.clique"));
        assertThat(Placed.of(over)).isEmpty();
    }

    @Test
    void aRingInsideOneRackRunsAtNvlinkSpeedAndOneAcrossRacksDoesNot() {
        ClusterState idle = ClusterState.empty(NVL72);
        Placement inRack = Placed.of(POLICY.suggest(idle, JobRequest.nodesWithGpus("j", 18, 4), required("nvidia.com/gpu.clique")))
                .orElseThrow();
        PlacementMetrics m = PlacementMetrics.of(idle, inRack);
        assertThat(m.busGBps()).isEqualTo(RackDesign.GB200_NVL72.gpuNvlinkGBps() / 2.0);
        assertThat(m.ring().bottleneck()).contains("NVLink domain");
        Placement across = Placed.of(POLICY.suggest(idle, JobRequest.nodesWithGpus("j", 20, 4),
                required("topoplanner.org/tier-2"))).orElseThrow();
        assertThat(domainsOf(across)).hasSizeGreaterThan(1);
        assertThat(PlacementMetrics.of(idle, across).ring().bottleneck()).doesNotContain("NVLink domain");
    }

    /** Blocks of plain HGX nodes are leaf groups, not NVLink domains: no clique level, no NVLink ring. */
    @Test
    void blocksOfHgxNodesAreNoNvlinkDomains() {
        Cluster hgx = Nvl72Clusters.topograph(NodeTemplate.HGX_H100_SXM);
        assertThat(hgx.nvlinkDomains().size()).isEqualTo(4);
        assertThat(NvlinkReach.of(hgx).isEmpty()).isTrue();
        assertThat(TopologyLevels.of(hgx).levels()).doesNotContain("nvidia.com/gpu.clique");
        assertThat(ShippedData.template(NodeTemplate.GB300_NVL72_TRAY).gpus()).hasSize(4);
    }
}
