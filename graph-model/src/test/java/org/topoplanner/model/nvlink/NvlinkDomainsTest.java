package org.topoplanner.model.nvlink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.FabricBuilder;

class NvlinkDomainsTest {
    private static final String UUID = "a2221497-dbce-4964-8826-684c3694fd45";

    @Test
    void combinesPerHostReportsOfOneCliqueIntoOneDomain() {
        NvlinkDomains d = NvlinkDomains.of(List.of(
                NvlinkDomain.ofClique(UUID, 2478, List.of("gb-1"), DomainOrigin.NVIDIA_SMI),
                NvlinkDomain.ofClique(UUID, 2479, List.of("gb-2"), DomainOrigin.NVIDIA_SMI),
                NvlinkDomain.ofClique(UUID, 2478, List.of("gb-3"), DomainOrigin.NVIDIA_SMI)));
        assertThat(d.all()).extracting(NvlinkDomain::name).containsExactly(UUID + ".2478", UUID + ".2479");
        assertThat(d.ofHost("gb-3").orElseThrow().hosts()).containsExactly("gb-1", "gb-3");
        assertThat(d.ofHost("gb-3").orElseThrow().cliqueId()).isEqualTo(2478L);
    }

    @Test
    void aHostStaysInTheFirstDomainThatNamesIt() {
        NvlinkDomains first = NvlinkDomains.of(List.of(NvlinkDomain.ofBlock("a", List.of("n1", "n2"), DomainOrigin.FABRIC_BLOCK)));
        NvlinkDomains both = first.union(NvlinkDomains.of(List.of(
                NvlinkDomain.ofBlock("b", List.of("n2", "n3"), DomainOrigin.FABRIC_BLOCK),
                NvlinkDomain.ofBlock("c", List.of("n1"), DomainOrigin.FABRIC_BLOCK))));
        assertThat(both.all()).extracting(NvlinkDomain::name).containsExactly("a", "b");
        assertThat(both.named("b").orElseThrow().hosts()).containsExactly("n3");
        assertThat(both.retainHosts(Set.of("n3")).all()).extracting(NvlinkDomain::name).containsExactly("b");
    }

    @Test
    void theFabricsBlocksAreDomainsOfHostsNoSourceNamed() {
        FabricBuilder fb = new FabricBuilder();
        List.of("n1", "n2", "n3", "n4").forEach(fb::addHost);
        fb.block(new Block("b1", List.of("n1", "n2")));
        fb.block(new Block("b2", List.of("n3", "n4")));
        Cluster c = new Cluster("c", fb.build(), java.util.Map.of(), java.util.Map.of(), null, null,
                NvlinkDomains.of(List.of(NvlinkDomain.ofClique(UUID, 7, List.of("n1", "n2"), DomainOrigin.CLIQUE_LABEL))));
        assertThat(c.nvlinkDomains().all()).extracting(NvlinkDomain::name).containsExactly(UUID + ".7", "b2");
        assertThat(c.nvlinkDomains().ofHost("n4").orElseThrow().origin()).isEqualTo(DomainOrigin.FABRIC_BLOCK);
        assertThat(new Cluster("c", fb.build(), java.util.Map.of(), java.util.Map.of(), null, null).nvlink().isEmpty())
                .isTrue();
    }

    @Test
    void aGpuIsInACliqueOnlyOnceRegistered() {
        assertThat(new GpuFabric("Completed", "Success", 32766L, UUID).registered()).isTrue();
        assertThat(new GpuFabric("Completed", "Success", 32766L, UUID).cliqueLabel()).isEqualTo(UUID + ".32766");
        assertThat(new GpuFabric("In Progress", "N/A", null, null).registered()).isFalse();
        assertThat(new GpuFabric("Completed", "Success", 0L, GpuFabric.ZERO_UUID).registered()).isFalse();
    }

    @Test
    void nvl72IsEighteenTraysOfFourGpus() {
        assertThat(RackDesign.GB200_NVL72.gpus()).isEqualTo(72);
        assertThat(RackDesign.named("gb300 nvl72")).contains(RackDesign.GB300_NVL72);
        assertThat(RackDesign.ofGpuModel("NVIDIA GB200")).contains(RackDesign.GB200_NVL72);
        assertThat(RackDesign.ofGpuModel("NVIDIA B200")).isEmpty();
        assertThat(RackDesign.ofGpuModel("NVIDIA H100 80GB HBM3")).isEmpty();
    }
}
