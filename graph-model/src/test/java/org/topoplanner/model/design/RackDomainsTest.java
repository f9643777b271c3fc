package org.topoplanner.model.design;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;
import org.topoplanner.model.nvlink.DomainOrigin;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.RackDesign;

class RackDomainsTest {
    private static NodeTopology tray(String model) {
        NodeTopologyBuilder b = new NodeTopologyBuilder().model(model + " tray").cpuLayout(2, 1, 72, 1, 491520);
        for (int i = 0; i < 4; i++) {
            b.gpu(Gpu.simple(i, model, i / 2, CpuSet.range(i / 2 * 72, i / 2 * 72 + 71), null));
        }
        return b.build();
    }

    @Test
    void aDesignOfGb200TraysFillsRacksOfEighteenInHostOrder() {
        // rail-optimised, 4 rails: units of 16 hosts, so the 18-tray racks straddle units as real rows do
        FabricDesign d = new FabricDesign(FabricDesign.Kind.RAIL_OPTIMISED, 20, 16, 20, 4, 0, 4, 4, LinkSpeed.NDR, "gb");
        Cluster c = ClusterDesigner.design("nvl", d, tray("NVIDIA GB200"));
        assertThat(c.nvlink().all()).hasSize(5).allMatch(r -> r.origin() == DomainOrigin.DESIGN
                && r.design() == RackDesign.GB200_NVL72);
        assertThat(c.nvlink().all()).extracting(r -> r.hosts().size()).containsExactly(18, 18, 18, 18, 8);
        NvlinkDomain second = c.nvlink().all().get(1);
        assertThat(second.name()).isEqualTo("nvl72-2");
        assertThat(second.hosts()).startsWith("gb019").endsWith("gb036");
    }

    @Test
    void otherNodesGiveNoDomain() {
        Cluster c = ClusterDesigner.design("h", FabricDesign.fatTree(2, 4, 2, LinkSpeed.NDR), tray("NVIDIA H100 80GB HBM3"));
        assertThat(c.nvlink().isEmpty()).isTrue();
        assertThat(RackDomains.of(List.of("a"), tray("NVIDIA GB300")).all().get(0).design()).isEqualTo(RackDesign.GB300_NVL72);
    }
}
