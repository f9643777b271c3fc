package org.topoplanner.allocator.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/**
 * The in-node ring on each shipped template, computed by hand from {@link BandwidthModel}'s constants:
 * H100 NV18 x 25 = 450; A100 NV12 x 25 = 300; the example node's NV4 x 25 = 100 and SYS 10;
 * RTX A6000 bridges NV4 x 14.0625 = 56.25 and NODE = PCIe Gen4 31.508 x 5/6 = 26.2564.
 */
class TemplateBandwidthTest {

    @ParameterizedTest(name = "{0} GPUs {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # template                | GPUs            | ring GB/s | NVLink ring | nearest NIC path of each GPU
            HGX_H100_SXM              | 0.1.2.3.4.5.6.7 | 450       | 450         | PIX
            HGX_A100_SXM4             | 0.1.2.3.4.5.6.7 | 300       | 300         | PXB
            EXAMPLE_2S16C_8GPU        | 0.1.2.3         | 100       | 100         | PIX
            EXAMPLE_2S16C_8GPU        | 0.1.2.3.4.5.6.7 | 10        | 0           | PIX
            PCIE_8GPU_NVLINK_PAIRS    | 0.1             | 56.25     | 56.25       | NODE
            PCIE_8GPU_NVLINK_PAIRS    | 0.2             | 26.2564   | 0           | NODE
            WORKSTATION_4GPU          | 2.3             | 56.25     | 56.25       | NODE
            WORKSTATION_4GPU          | 0.1.2.3         | 26.2564   | 0           | NODE
            """)
    void ringInsideEachTemplate(NodeTemplate template, String gpus, double ring, double nvlink, LinkKind nicPath) {
        List<Integer> idx = Arrays.stream(gpus.split("\\.")).map(Integer::valueOf).toList();
        NodeMetrics m = NodeMetrics.of(ShippedData.template(template), new HostAllocation("h", idx, CpuSet.of(0), Map.of()));
        assertThat(m.ringGBps()).isCloseTo(ring, within(1e-4));
        assertThat(m.nvlinkGBps()).isCloseTo(nvlink, within(1e-4));
        assertThat(m.ratesAssumed()).isFalse();
        assertThat(m.nics()).allSatisfy(n -> assertThat(n.path()).isEqualTo(nicPath));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # model                      | family    | NVLink gen | GB/s per link | PCIe gen
            NVIDIA H100 80GB HBM3        | H100      | 4          | 25            | 5
            NVIDIA A100-SXM4-80GB        | A100      | 3          | 25            | 4
            Tesla V100-SXM2-32GB         | V100      | 2          | 25            | 3
            Tesla P100-SXM2-16GB         | P100      | 1          | 20            | 3
            NVIDIA GH200 480GB           | GH200     | 4          | 25            | 5
            NVIDIA B200                  | B200      | 5          | 50            | 5
            NVIDIA RTX A6000             | RTX A6000 | 3          | 14.0625       | 4
            NVIDIA A40                   | A40       | 3          | 14.0625       | 4
            """)
    void ratesByGpuModel(String model, String family, int gen, double perLink, int pcie) {
        GpuLinkRates r = BandwidthModel.ratesOf(model);
        assertThat(r.family()).isEqualTo(family);
        assertThat(r.nvlinkGeneration()).isEqualTo(gen);
        assertThat(r.nvlinkLinkGBps()).isEqualTo(perLink);
        assertThat(r.pcieGeneration()).isEqualTo(pcie);
        assertThat(r.assumed()).isFalse();
    }

    @org.junit.jupiter.api.Test
    void unknownModelsAreMarkedAssumed() {
        assertThat(BandwidthModel.ratesOf("Radeon Instinct MI250X").assumed()).isTrue();
        assertThat(BandwidthModel.ratesOf(null)).isEqualTo(BandwidthModel.UNKNOWN_MODEL);
        assertThat(BandwidthModel.PCIE_GEN4_X16_GBPS).isCloseTo(31.5077, within(1e-4));
        assertThat(BandwidthModel.PCIE_GEN5_X16_GBPS).isCloseTo(63.0154, within(1e-4));
    }
}
