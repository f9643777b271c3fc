package org.topoplanner.model.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PcieLinkClassifierTest {
    /*
     * HB0 (NUMA 0) -> SW0 -> SW0a, SW0b ; HB1 (NUMA 0) -> SW1 ; HB2 (NUMA 1) -> SW2
     */
    private static final PcieLinkClassifier TREE = new PcieLinkClassifier(List.of(
            new PciNode("HB0", PciKind.HOST_BRIDGE, null, 0, null),
            new PciNode("SW0", PciKind.SWITCH, "HB0", 0, null),
            new PciNode("SW0a", PciKind.SWITCH, "SW0", 0, null),
            new PciNode("SW0b", PciKind.SWITCH, "SW0", 0, null),
            new PciNode("SW0c", PciKind.SWITCH, "HB0", 0, null),
            new PciNode("HB1", PciKind.HOST_BRIDGE, null, 0, null),
            new PciNode("SW1", PciKind.SWITCH, "HB1", 0, null),
            new PciNode("HB2", PciKind.HOST_BRIDGE, null, 1, null),
            new PciNode("SW2", PciKind.SWITCH, "HB2", 1, null)));

    @ParameterizedTest(name = "{0} to {1} is {2}")
    @CsvSource(textBlock = """
            SW0a, SW0a, PIX
            SW0a, SW0b, PXB
            SW0a, SW0,  PXB
            SW0a, SW0c, PHB
            SW0,  HB0,  PHB
            SW0a, SW1,  NODE
            SW0a, SW2,  SYS
            """)
    void classifiesLikeNvidiaSmi(String parentA, String parentB, LinkKind expected) {
        assertThat(TREE.classify(parentA, 0, parentB, 0)).contains(expected);
    }

    @ParameterizedTest(name = "NUMA {0} and {1} without a tree give {2}")
    @CsvSource(textBlock = """
            0, 0, NODE
            0, 1, SYS
            """)
    void fallsBackToNumaNodes(int numaA, int numaB, LinkKind expected) {
        assertThat(TREE.classify(null, numaA, null, numaB)).contains(expected);
    }

    @org.junit.jupiter.api.Test
    void saysNothingWithoutTreeOrNuma() {
        assertThat(TREE.classify(null, -1, null, 0)).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void builderKeepsExplicitNvlinkAndDerivesTheRest() {
        NodeTopology t = new NodeTopologyBuilder().cpuLayout(2, 1, 4, 2, 1024)
                .pci(new PciNode("HB0", PciKind.HOST_BRIDGE, null, 0, null))
                .pci(new PciNode("SW0", PciKind.SWITCH, "HB0", 0, null))
                .gpu(Gpu.simple(0, "g", 0, null, "SW0"))
                .gpu(Gpu.simple(1, "g", 0, null, "SW0"))
                .nic(Nic.simple(0, "mlx5_0", 0, "SW0"))
                .nvlink("GPU0", "GPU1", 12)
                .build();
        assertThat(t.link("GPU1", "GPU0")).hasValueSatisfying(l -> assertThat(l.token()).isEqualTo("NV12"));
        assertThat(t.link("GPU0", "NIC0")).hasValueSatisfying(l -> assertThat(l.kind()).isEqualTo(LinkKind.PIX));
        assertThat(t.links()).hasSize(3);
        assertThat(t.cores()).isEqualTo(8);
        assertThat(t.threads()).isEqualTo(16);
        assertThat(t.coreList().get(5).pus().toString()).isEqualTo("5,13");
        assertThat(t.socketOfNuma(1)).isEqualTo(1);
    }

    @org.junit.jupiter.api.Test
    void readsSocAsSysAndNvTokensAsNvlink() {
        assertThat(LinkKind.fromToken("SOC")).contains(LinkKind.SYS);
        assertThat(LinkKind.fromToken("NV18")).contains(LinkKind.NV);
        assertThat(LinkKind.fromToken("NS")).isEmpty();
    }
}
