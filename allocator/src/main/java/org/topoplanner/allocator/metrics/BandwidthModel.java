package org.topoplanner.allocator.metrics;

import java.util.List;
import java.util.Locale;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.node.LinkKind;

/**
 * The bandwidth model of placement metrics: every constant in one place, each with its source.
 * All rates are GB/s (10^9 bytes per second) <em>per direction</em>, which is what a ring
 * all-reduce step uses: each GPU sends to one neighbour while receiving from the other, so the
 * ring's bus bandwidth is bounded by its slowest one-way link (nccl-tests,
 * https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md: bus bandwidth "reflects the
 * speed of the hardware bottleneck").
 *
 * <p><b>NVLink</b>, per link and direction; {@code nvidia-smi topo -m} prints the number of links
 * between two GPUs ({@code NV12}), so a pair's rate is links x rate per link:
 * <ul>
 * <li>NVLink 1 (P100): 20 GB/s; P100 has 4 links, 160 GB/s total both ways (NVIDIA Tesla P100
 *     whitepaper, 2016).</li>
 * <li>NVLink 2 (V100): 25 GB/s; 6 links, 300 GB/s total (NVIDIA Tesla V100 GPU architecture
 *     whitepaper, 2017).</li>
 * <li>NVLink 3 (A100, A800, A30): 25 GB/s; A100 has 12 links, 600 GB/s total (NVIDIA A100 Tensor Core
 *     GPU architecture whitepaper, 2020); A30 4 links, 200 GB/s (A30 datasheet).</li>
 * <li>NVLink 3 on GA102 boards (RTX A6000, A40, RTX A5000): 14.0625 GB/s; a bridge is 4 links,
 *     112.5 GB/s both ways (RTX A6000 and A40 datasheets: "NVLink 112.5 GB/s (bidirectional)").</li>
 * <li>NVLink 4 (H100, H200, H800, GH200): 25 GB/s; H100 SXM has 18 links, 900 GB/s total (NVIDIA H100
 *     Tensor Core GPU architecture whitepaper, 2022).</li>
 * <li>NVLink 5 (B200, GB200, B300): 50 GB/s; 18 links, 1.8 TB/s total (NVIDIA Blackwell architecture
 *     technical brief, 2024).</li>
 * </ul>
 * Through NVSwitch every pair shows all of a GPU's links ({@code NV12}, {@code NV18}); a ring step then
 * indeed uses them all, so the same product holds.
 *
 * <p><b>PCIe</b>, an x16 link per direction after 128b/130b encoding: Gen3 8 GT/s x 16 x 128/130 / 8 =
 * 15.754 GB/s, Gen4 31.508 GB/s, Gen5 63.015 GB/s (PCI-SIG base specifications 3.0, 4.0, 5.0).
 * GPU slots: P100 and V100 Gen3, Ampere boards Gen4, Hopper Gen5 (the GPUs' datasheets: "PCIe Gen4:
 * 64 GB/s", "PCIe Gen5: 128 GB/s", both ways). The path class between two GPUs degrades that rate:
 * <ul>
 * <li>{@code PIX}, {@code PXB}: 1.0; peer-to-peer through PCIe switches runs at link rate.</li>
 * <li>{@code PHB}, {@code NODE}: 5/6; traffic through a CPU root complex is split into 64-byte TLPs
 *     and costs 6/5 of its size (NCCL {@code src/graph/topo.h}, {@code INTEL_P2P_OVERHEAD(bw) = bw*6/5}).
 *     The CPU vendor is not in the model, so the Intel overhead is applied (conservative on AMD).</li>
 * <li>{@code SYS}: the lesser of that and the socket interconnect, 10 GB/s (NCCL {@code topo.h}
 *     {@code SKL_QPI_BW 10.0} for Skylake and later UPI; NCCL uses 16 GB/s for AMD xGMI, 6 GB/s for
 *     older QPI).</li>
 * </ul>
 *
 * <p><b>Fabric</b>: a cable carries lanes x data rate per lane after encoding
 * ({@link org.topoplanner.model.fabric.LinkSpeed#dataGbpsPerLane()}, e.g. 4x HDR = 200 Gb/s = 25 GB/s).
 * A host's network rate is the sum of its cables (NCCL spreads its channels over all NICs). A switch's
 * oversubscription ratio is the bandwidth of its down cables (hosts and child switches) over that of
 * its up cables; 1 when non-blocking or when it has no uplink. Under load every host below a switch
 * gets its fair share of the uplinks, so a ring step that leaves a domain runs at the host rate divided
 * by the ratios of every switch it climbs through (the busy-fabric estimate; an idle fabric would give
 * the host rate).
 *
 * <p><b>Multi-node NVLink</b>: hosts of one NVLink domain (a GB200/GB300 NVL72 rack) reach each other
 * over the rack's NVSwitch trays, so a ring inside one domain never leaves NVLink: each GPU has its 18
 * NVLink 5 links, 900 GB/s per direction, to the rack (see {@link NvlinkDomainRing}).
 */
public final class BandwidthModel {
    public static final double NVLINK1_LINK_GBPS = 20.0;
    public static final double NVLINK2_LINK_GBPS = 25.0;
    public static final double NVLINK3_LINK_GBPS = 25.0;
    public static final double NVLINK3_GA102_LINK_GBPS = 112.5 / 2 / 4;
    public static final double NVLINK4_LINK_GBPS = 25.0;
    public static final double NVLINK5_LINK_GBPS = 50.0;

    public static final double PCIE_GEN3_X16_GBPS = 8.0 * 16 * 128 / 130 / 8;
    public static final double PCIE_GEN4_X16_GBPS = 16.0 * 16 * 128 / 130 / 8;
    public static final double PCIE_GEN5_X16_GBPS = 32.0 * 16 * 128 / 130 / 8;

    /** NCCL's {@code INTEL_P2P_OVERHEAD}: root-complex traffic costs 6/5, so it runs at 5/6. */
    public static final double ROOT_COMPLEX_FACTOR = 5.0 / 6.0;
    /** NCCL's {@code SKL_QPI_BW}: the socket interconnect, GB/s. */
    public static final double SOCKET_INTERCONNECT_GBPS = 10.0;

    /** Model name fragments (upper case) to rates; the first match wins, so longer names come first. */
    private static final List<Entry> MODELS = List.of(
            new Entry("GB300", rates("B300", 5, NVLINK5_LINK_GBPS, 5)),
            new Entry("B300", rates("B300", 5, NVLINK5_LINK_GBPS, 5)),
            new Entry("GB200", rates("B200", 5, NVLINK5_LINK_GBPS, 5)),
            new Entry("B200", rates("B200", 5, NVLINK5_LINK_GBPS, 5)),
            new Entry("GH200", rates("GH200", 4, NVLINK4_LINK_GBPS, 5)),
            new Entry("H200", rates("H200", 4, NVLINK4_LINK_GBPS, 5)),
            new Entry("H100", rates("H100", 4, NVLINK4_LINK_GBPS, 5)),
            new Entry("H800", rates("H800", 4, NVLINK4_LINK_GBPS, 5)),
            new Entry("A100", rates("A100", 3, NVLINK3_LINK_GBPS, 4)),
            new Entry("A800", rates("A800", 3, NVLINK3_LINK_GBPS, 4)),
            new Entry("A6000", rates("RTX A6000", 3, NVLINK3_GA102_LINK_GBPS, 4)),
            new Entry("A5000", rates("RTX A5000", 3, NVLINK3_GA102_LINK_GBPS, 4)),
            new Entry("A40", rates("A40", 3, NVLINK3_GA102_LINK_GBPS, 4)),
            new Entry("A30", rates("A30", 3, NVLINK3_LINK_GBPS, 4)),
            new Entry("V100", rates("V100", 2, NVLINK2_LINK_GBPS, 3)),
            new Entry("P100", rates("P100", 1, NVLINK1_LINK_GBPS, 3)));

    /** What an unrecognised model is taken for: NVLink 3 and PCIe Gen4, marked as assumed. */
    public static final GpuLinkRates UNKNOWN_MODEL =
            new GpuLinkRates("unknown GPU", 3, NVLINK3_LINK_GBPS, 4, PCIE_GEN4_X16_GBPS, true);

    private record Entry(String fragment, GpuLinkRates rates) {
    }

    private BandwidthModel() {
    }

    private static GpuLinkRates rates(String family, int nvlinkGen, double linkGBps, int pcieGen) {
        double pcie = switch (pcieGen) {
            case 3 -> PCIE_GEN3_X16_GBPS;
            case 4 -> PCIE_GEN4_X16_GBPS;
            default -> PCIE_GEN5_X16_GBPS;
        };
        return new GpuLinkRates(family, nvlinkGen, linkGBps, pcieGen, pcie, false);
    }

    /** The rates of a GPU model as {@code nvidia-smi} or hwloc name it; {@link #UNKNOWN_MODEL} when not known. */
    public static GpuLinkRates ratesOf(String model) {
        if (model == null) {
            return UNKNOWN_MODEL;
        }
        String m = model.toUpperCase(Locale.ROOT);
        for (Entry e : MODELS) {
            if (m.contains(e.fragment())) {
                return e.rates();
            }
        }
        return UNKNOWN_MODEL;
    }

    /**
     * One direction of the path between two GPUs of one model.
     *
     * @param kind  the path class; {@code null} when the node does not say (taken as {@code SYS})
     * @param lanes NVLink links for {@link LinkKind#NV}
     */
    public static double gpuPairGBps(LinkKind kind, int lanes, GpuLinkRates rates) {
        LinkKind k = kind == null ? LinkKind.SYS : kind;
        return switch (k) {
            case NV -> lanes * rates.nvlinkLinkGBps();
            case PIX, PXB -> rates.pcieGBps();
            case PHB, NODE -> rates.pcieGBps() * ROOT_COMPLEX_FACTOR;
            case SYS -> Math.min(rates.pcieGBps() * ROOT_COMPLEX_FACTOR, SOCKET_INTERCONNECT_GBPS);
        };
    }

    /** One direction of a cable: lanes x data rate per lane, in GB/s; 0 when width or speed is unknown. */
    public static double cableGBps(Cable cable) {
        return cable.dataGbps() / 8.0;
    }

    /** The fair share of an uplink under load: {@code down / up}, at least 1; 1 without uplinks. */
    public static double oversubscription(double downGBps, double upGBps) {
        if (upGBps <= 0 || downGBps <= 0) {
            return 1.0;
        }
        return Math.max(1.0, downGBps / upGBps);
    }
}
