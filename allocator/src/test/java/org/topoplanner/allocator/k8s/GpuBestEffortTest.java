package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/** go-gpuallocator's best-effort policy on the shipped templates. */
class GpuBestEffortTest {
    // PCIe box: GPU pairs 0-1, 2-3, 4-5, 6-7 bridged (NV4) on one PLX switch each; 0-3 NUMA 0, 4-7 NUMA 1.
    private final GpuBestEffort pcie = new GpuBestEffort(ShippedData.template(NodeTemplate.PCIE_8GPU_NVLINK_PAIRS));
    // HGX H100: NV18 through NVSwitches, each GPU on its own PCIe switch and host bridge.
    private final GpuBestEffort h100 = new GpuBestEffort(ShippedData.template(NodeTemplate.HGX_H100_SXM));

    @Test
    void scoresPairsByPcieLevelPlusNvlinkLanes() {
        assertThat(pcie.pairScore(0, 1)).isEqualTo(50 + 400); // PIX + 4 lanes
        assertThat(pcie.pairScore(0, 2)).isEqualTo(20);       // NODE
        assertThat(pcie.pairScore(0, 4)).isEqualTo(10);       // SYS
        // NVSwitch lanes end at the switch, not the peer GPU: no NVLink points at all.
        assertThat(h100.pairScore(0, 1)).isEqualTo(20);
        assertThat(h100.pairScore(0, 4)).isEqualTo(10);
    }

    @Test
    void maximisesThePartitionNotTheSet() {
        assertThat(pcie.choose(List.of(0, 1, 2, 3, 4, 5, 6, 7), List.of(), 2)).containsExactly(0, 1);
        // From {1,2,3,5}: partitions {1,2}{3,5} = 20+10, {1,3}{2,5} = 20+10, {1,5}{2,3} = 10+450: the last
        // wins, and its best set is {2,3}.
        assertThat(pcie.choose(List.of(1, 2, 3, 5), List.of(), 2)).containsExactly(2, 3);
        // Must include 1: the best partition is still {1,5}{2,3}, so GPU 1 gets the SYS peer 5, although
        // {1,2} (NODE) would be closer: the partition rule, faithfully.
        assertThat(pcie.choose(List.of(1, 2, 3, 5), List.of(1), 2)).containsExactly(1, 5);
        // H100: halves by NUMA node score 6 x 20 each; the first set holds GPUs 0-3.
        assertThat(h100.choose(List.of(0, 1, 2, 3, 4, 5, 6, 7), List.of(), 4)).containsExactly(0, 1, 2, 3);
        // Three of five, padded to six: {0,1,2}{4,5,pad} = (450+20+20) + 450 = 940 beats {0,1,pad}{2,4,5}
        // = 450 + 470; its best set is {0,1,2} (490 over the padded set's 450).
        assertThat(pcie.choose(List.of(0, 1, 2, 4, 5), List.of(), 3)).containsExactly(0, 1, 2);
        assertThat(pcie.choose(List.of(0, 1), List.of(), 3)).isEmpty();
    }
}
