package org.topoplanner.allocator.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.resources.ShippedData;

/**
 * Metrics on the shipped example cluster, values worked out by hand from its file: 4 leaves of 8 hosts
 * (leaf1, leaf2 under spine1; leaf3, leaf4 under spine2; both spines under core), every cable 4x HDR
 * (4 x 50 Gb/s = 25 GB/s), one uplink per leaf and per spine, so leaves are 8:1 (8 x 25 down, 25 up) and
 * spines 2:1 (2 x 25 down, 25 up). Nodes: 8 A100-SXM4 (NVLink 3, 25 GB/s per link), GPUs 0-3 NV4
 * all-to-all on socket 0, 4-7 likewise on socket 1, SYS across (min(31.508 x 5/6, 10) = 10 GB/s).
 */
class PlacementMetricsTest {
    private static final Cluster EXAMPLE = ShippedData.exampleCluster();

    private static Placement place(String hostsAndGpus) {
        List<HostAllocation> hosts = new ArrayList<>();
        for (String part : hostsAndGpus.split(" ")) {
            String[] hg = part.split(":");
            List<Integer> gpus = java.util.Arrays.stream(hg[1].split("\\.")).map(Integer::valueOf).toList();
            hosts.add(HostAllocation.of(hg[0], gpus, CpuSet.of(0)));
        }
        return new Placement("job", hosts);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # placement                      | leaves | spines | tier | hops | bus GB/s | bottleneck starts with
            node01:0.1.2.3                   | 1      | 0      | 0    | 0    | 100      | inside node01: GPU
            node01:0.1.4.5                   | 1      | 0      | 0    | 0    | 10       | inside node01: GPU
            node01:0.1.2.3 node02:0.1.2.3    | 1      | 0      | 1    | 2    | 25       | node01's network link (25 GB/s)
            node01:0.1.2.3 node09:0.1.2.3    | 2      | 1      | 2    | 4    | 3.125    | node01's network link (25 GB/s) shared on the uplinks of leaf1 8:1
            node01:0.1.2.3 node17:0.1.2.3    | 2      | 2      | 3    | 6    | 1.5625   | node01's network link (25 GB/s) shared on the uplinks of leaf1 8:1, spine1 2:1
            node01:0.1.2.3.4.5.6.7 node02:0  | 1      | 0      | 1    | 2    | 10       | inside node01: GPU
            """)
    void spanHopsAndRingBandwidthOnTheExampleCluster(String placement, int leaves, int spines, int tier, int hops,
                                                      double bus, String bottleneck) {
        PlacementMetrics m = PlacementMetrics.of(ClusterState.empty(EXAMPLE), place(placement));
        assertThat(m.leaves()).isEqualTo(leaves);
        assertThat(m.spines()).isEqualTo(spines);
        assertThat(m.highestTier()).isEqualTo(tier);
        assertThat(m.worstPair().hops()).isEqualTo(hops);
        assertThat(m.busGBps()).isCloseTo(bus, within(1e-9));
        assertThat(m.ring().bottleneck()).startsWith(bottleneck);
        assertThat(m.ring().assumptions()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # GPUs on node01 | NUMA nodes | ring GB/s | NVLink ring GB/s
            0.1.2.3          | 0          | 100       | 100
            0.1.4.5          | 0.1        | 10        | 0
            5.7              | 1          | 100       | 100
            3                | 0          | Infinity  | Infinity
            """)
    void perNodeNumaAndNvlinkBandwidth(String gpus, String numa, double ring, double nvlink) {
        PlacementMetrics m = PlacementMetrics.of(ClusterState.empty(EXAMPLE), place("node01:" + gpus));
        NodeMetrics n = m.nodes().get(0);
        assertThat(n.numaNodes()).containsExactlyElementsOf(
                java.util.Arrays.stream(numa.split("\\.")).map(Integer::valueOf).toList());
        assertThat(n.ringGBps()).isEqualTo(ring);
        assertThat(n.nvlinkGBps()).isEqualTo(nvlink);
    }

    @org.junit.jupiter.api.Test
    void nicLocalityFollowsThePcieSwitchOfEachGpu() {
        // GPU0 and GPU1 share PEX0 with NIC0 (PIX); GPU2 is on PEX1, whose NIC is NIC1; NIC2 is across sockets.
        Placement p = new Placement("job", List.of(new HostAllocation("node01", List.of(0, 2), CpuSet.of(0),
                java.util.Map.of(0, "NIC0", 2, "NIC2"))));
        NodeMetrics n = PlacementMetrics.of(ClusterState.empty(EXAMPLE), p).nodes().get(0);
        assertThat(n.nics()).containsExactly(
                new NicUse(0, "NIC0", org.topoplanner.model.node.LinkKind.PIX, true),
                new NicUse(2, "NIC2", org.topoplanner.model.node.LinkKind.SYS, true));
        assertThat(n.nicsLocal()).isFalse();
        NodeMetrics nearest = PlacementMetrics.of(ClusterState.empty(EXAMPLE), place("node01:2")).nodes().get(0);
        assertThat(nearest.nics()).containsExactly(new NicUse(2, "NIC1", org.topoplanner.model.node.LinkKind.PIX, false));
        assertThat(nearest.nicsLocal()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            # placement                         | free nodes | free leaves         | free GPUs | stranded
            node01:0.1.2.3                      | 31         | leaf2.leaf3.leaf4   | 252       | 0
            node01:0.1.2.4.5.6                  | 31         | leaf2.leaf3.leaf4   | 250       | 2
            node01:0.1.2.3.4.5.6 node09:0       | 30         | leaf3.leaf4         | 248       | 1
            """)
    void fragmentationLeftBehind(String placement, int freeNodes, String freeLeaves, int freeGpus, int stranded) {
        // 0,1,2,4,5,6 leaves GPU3 (socket 0) and GPU7 (socket 1): SYS between them, no NVLink pair: both stranded.
        // node01 keeping only GPU7 free strands it; node09 keeps 1-7, which have NVLink pairs.
        Fragmentation f = PlacementMetrics.of(ClusterState.empty(EXAMPLE), place(placement)).fragmentation();
        assertThat(f.freeNodes()).isEqualTo(freeNodes);
        assertThat(f.freeLeaves()).containsExactly(freeLeaves.split("\\."));
        assertThat(f.freeGpus()).isEqualTo(freeGpus);
        assertThat(f.strandedGpus()).isEqualTo(stranded);
    }

    @org.junit.jupiter.api.Test
    void aRunningJobIsScoredWhereItRuns() {
        Placement p = place("node01:0.1.2.3 node02:0.1.2.3");
        ClusterState running = ClusterState.empty(EXAMPLE).with(p);
        assertThat(PlacementMetrics.of(running, p)).isEqualTo(PlacementMetrics.of(ClusterState.empty(EXAMPLE), p));
    }
}
