package org.topoplanner.resources;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.NodeTopology;

class ShippedDataTest {

    @Test
    void exampleIsTheProductsThirtyTwoNodeTree() {
        Cluster c = ShippedData.exampleCluster();
        Fabric f = c.fabric();
        assertThat(f.hosts()).hasSize(32);
        assertThat(f.leaves()).extracting(s -> s.name()).containsExactly("leaf1", "leaf2", "leaf3", "leaf4");
        assertThat(f.switchesOfTier(2)).extracting(s -> s.name()).containsExactly("spine1", "spine2");
        assertThat(f.switchesOfTier(3)).extracting(s -> s.name()).containsExactly("core");
        assertThat(f.hostsOf("leaf1")).containsExactly("node01", "node02", "node03", "node04", "node05", "node06",
                "node07", "node08");
        assertThat(f.childSwitches("spine1")).containsExactly("leaf1", "leaf2");
        assertThat(f.childSwitches("spine2")).containsExactly("leaf3", "leaf4");
        assertThat(f.childSwitches("core")).containsExactly("spine1", "spine2");
        assertThat(c.gpuCount()).isEqualTo(256);
    }

    @Test
    void exampleNodeMatchesTheSlurmHarnessNode() {
        NodeTopology n = ShippedData.exampleCluster().node("node05");
        assertThat(n.sockets()).isEqualTo(2);
        assertThat(n.cores()).isEqualTo(32);
        assertThat(n.threads()).isEqualTo(32);
        for (Gpu g : n.gpus()) {
            assertThat(g.cpus().toString()).isEqualTo(g.index() < 4 ? "0-15" : "16-31");
        }
        for (int i = 0; i < 8; i++) {
            for (int j = i + 1; j < 8; j++) {
                int lanes = n.nvlinkLanes("GPU" + i, "GPU" + j);
                assertThat(lanes).as("GPU%d-GPU%d", i, j).isEqualTo(i / 4 == j / 4 ? 4 : 0);
            }
        }
        assertThat(n.nics()).hasSize(4);
        assertThat(n.link("GPU2", "NIC1")).hasValueSatisfying(l -> assertThat(l.kind()).isEqualTo(LinkKind.PIX));
    }

    @Test
    void h100TemplateIsAnNvswitchBoxWithANicOnEachGpusSwitch() {
        NodeTopology n = ShippedData.template(NodeTemplate.HGX_H100_SXM);
        assertThat(n.gpus()).hasSize(8).allSatisfy(g -> assertThat(g.model()).contains("H100"));
        assertThat(n.nvSwitches()).hasSize(4);
        assertThat(n.sockets()).isEqualTo(2);
        for (int i = 0; i < 8; i++) {
            for (int j = i + 1; j < 8; j++) {
                assertThat(n.nvlinkLanes("GPU" + i, "GPU" + j)).isEqualTo(18);
            }
            assertThat(n.link("GPU" + i, "NIC" + i).orElseThrow().kind()).isEqualTo(LinkKind.PIX);
            int otherSocketNic = (i + 4) % 8;
            assertThat(n.link("GPU" + i, "NIC" + otherSocketNic).orElseThrow().kind()).isEqualTo(LinkKind.SYS);
        }
        assertThat(n.gpu(0).orElseThrow().cpus().toString()).isEqualTo("0-55,112-167");
    }

    @Test
    void a100TemplateSpreadsGpuPairsOverNps4NumaNodes() {
        NodeTopology n = ShippedData.template(NodeTemplate.HGX_A100_SXM4);
        assertThat(n.numaNodes()).isEqualTo(8);
        assertThat(n.gpus()).extracting(Gpu::numa).containsExactly(3, 3, 1, 1, 7, 7, 5, 5);
        assertThat(n.gpu(0).orElseThrow().cpus().toString()).isEqualTo("48-63,176-191");
        assertThat(n.nvlinkLanes("GPU0", "GPU7")).isEqualTo(12);
        assertThat(n.link("GPU0", "NIC0").orElseThrow().kind()).isEqualTo(LinkKind.PXB);
        assertThat(n.link("GPU0", "NIC2").orElseThrow().kind()).isEqualTo(LinkKind.SYS);
    }

    @Test
    void pcieTemplateBridgesOnlyPairs() {
        NodeTopology n = ShippedData.template(NodeTemplate.PCIE_8GPU_NVLINK_PAIRS);
        assertThat(n.nvlinkLanes("GPU0", "GPU1")).isEqualTo(4);
        assertThat(n.nvlinkLanes("GPU1", "GPU2")).isZero();
        assertThat(n.link("GPU1", "GPU2").orElseThrow().kind()).isEqualTo(LinkKind.NODE);
        assertThat(n.link("GPU0", "GPU4").orElseThrow().kind()).isEqualTo(LinkKind.SYS);
    }

    @Test
    void workstationHasOneSocketAndTwoBridges() {
        NodeTopology n = ShippedData.template(NodeTemplate.WORKSTATION_4GPU);
        assertThat(n.sockets()).isEqualTo(1);
        assertThat(n.gpus()).hasSize(4);
        assertThat(List.of(n.nvlinkLanes("GPU0", "GPU1"), n.nvlinkLanes("GPU2", "GPU3"), n.nvlinkLanes("GPU1", "GPU2")))
                .containsExactly(4, 4, 0);
    }

    @ParameterizedTest
    @EnumSource(NodeTemplate.class)
    void everyTemplateClassifiesEveryDevicePair(NodeTemplate t) {
        NodeTopology n = ShippedData.template(t);
        int devices = n.gpus().size() + n.nics().size();
        assertThat(n.links()).hasSize(devices * (devices - 1) / 2);
        assertThat(n.coreList()).hasSize(n.cores());
    }
}
