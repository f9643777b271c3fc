package org.topoplanner.allocator.dra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.dra.ClaimSpec;
import org.topoplanner.model.dra.DraDevice;
import org.topoplanner.model.dra.DraObjects;

/** The allocator's choice on the hand-made H100 sample (8 GPUs, GPU i and NIC i on one PCIe root). */
class DraAllocatorTest {
    private static final DraObjects CLUSTER = DraSamples.cluster();
    private final DraAllocator allocator = new DraAllocator(CLUSTER);

    @Test
    void theAlignedClaimTakesTheFirstGpuAndTheNicOnItsRoot() {
        var a = (DraAllocation.Allocated) allocator.allocate(DraSamples.alignedClaim(), "node01");
        assertThat(a.byRequest().get("gpu")).extracting(DraDevice::name).containsExactly("gpu-0");
        // the management NIC comes first in the slice but is not RDMA, so the class excludes it
        assertThat(a.byRequest().get("nic")).extracting(DraDevice::name).containsExactly("pci-0000-1a-00-0");
    }

    @Test
    void aLaterRequestDecidesTheEarlierOneThroughTheConstraint() {
        ClaimSpec c = claim("""
                      - name: nic
                        exactly:
                          deviceClassName: dranet
                          selectors:
                          - cel:
                              expression: device.attributes["dra.net"].ifName == "ibp188s0"
                      - name: gpu
                        exactly:
                          deviceClassName: gpu.nvidia.com
                      constraints:
                      - matchAttribute: resource.kubernetes.io/pcieRoot
                """);
        var a = (DraAllocation.Allocated) allocator.allocate(c, "node01");
        assertThat(a.byRequest().get("gpu")).extracting(DraDevice::name).containsExactly("gpu-6");
    }

    @Test
    void twoGpusCannotShareOneRootHere() {
        ClaimSpec c = claim("""
                      - name: gpus
                        exactly:
                          deviceClassName: gpu.nvidia.com
                          count: 2
                      constraints:
                      - matchAttribute: resource.kubernetes.io/pcieRoot
                """);
        assertThat(allocator.allocate(c, "node01")).isInstanceOfSatisfying(DraAllocation.Unsatisfiable.class,
                u -> assertThat(u.reason()).contains("resource.kubernetes.io/pcieRoot"));
    }

    @Test
    void allTakesEveryMatchingDevice() {
        ClaimSpec c = claim("""
                      - name: nics
                        exactly:
                          deviceClassName: dranet
                          allocationMode: All
                """);
        assertThat(((DraAllocation.Allocated) allocator.allocate(c, "node01")).all()).hasSize(8);
        assertThat(((DraAllocation.Allocated) allocator.allocate(c, "node02")).all()).hasSize(7);
    }

    @Test
    void gpuThreeOfNode02HasNoNicOnItsRoot() {
        ClaimSpec c = claim("""
                      - name: gpu
                        exactly:
                          deviceClassName: gpu.nvidia.com
                          selectors:
                          - cel:
                              expression: device.attributes["gpu.nvidia.com"].index == 3
                      - name: nic
                        exactly:
                          deviceClassName: dranet
                      constraints:
                      - requests: [gpu, nic]
                        matchAttribute: resource.kubernetes.io/pcieRoot
                """);
        assertThat(allocator.allocate(c, "node01")).isInstanceOf(DraAllocation.Allocated.class);
        assertThat(allocator.allocate(c, "node02")).isInstanceOf(DraAllocation.Unsatisfiable.class);
    }

    @Test
    void anUnknownClassOrTooFewDevicesSaySo() {
        ClaimSpec c = claim("""
                      - name: tpu
                        exactly:
                          deviceClassName: tpu.example.com
                """);
        assertThat(allocator.allocate(c, "node01")).isEqualTo(new DraAllocation.Unsatisfiable(
                "request tpu: no DeviceClass tpu.example.com"));
        ClaimSpec nine = claim("""
                      - name: gpus
                        exactly:
                          deviceClassName: gpu.nvidia.com
                          count: 9
                """);
        assertThat(allocator.allocate(nine, "node01")).isEqualTo(new DraAllocation.Unsatisfiable(
                "request gpus: 8 matching devices on the node, 9 needed"));
    }

    /** A ResourceClaim whose {@code devices.requests} (and constraints) are {@code body}. */
    static ClaimSpec claim(String body) {
        String yaml = "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata:\n  name: c\nspec:\n  devices:\n"
                + "    requests:\n" + body.replace("\n      constraints:", "\n    constraints:");
        List<ClaimSpec> claims = DraSamples.readText("claim.yaml", yaml).claims();
        assertThat(claims).hasSize(1);
        return claims.get(0);
    }
}
