package org.topoplanner.allocator.metrics;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.topoplanner.allocator.NvlinkReach;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.nvlink.NvlinkDomain;

/**
 * The ring all-reduce of a placement that lies inside one multi-node NVLink domain: every step, the
 * ones between hosts included, goes over the NVSwitch trays at NVLink speed and never touches the
 * InfiniBand/Ethernet fabric (NCCL's NVLS and ring over MNNVL on GB200 NVL72). The bus bandwidth is then
 * the slowest of the steps inside each host and the GPUs' NVLink rate to the rack
 * ({@link NvlinkReach#gpuGBps}, 900 GB/s per direction on an NVL72: 18 NVLink 5 links of 50 GB/s).
 */
final class NvlinkDomainRing {
    private NvlinkDomainRing() {
    }

    /** The estimate when the placement's hosts share one counted domain, else empty (the fabric decides). */
    static Optional<RingEstimate> of(Cluster cluster, List<NodeMetrics> nodes) {
        List<String> hosts = nodes.stream().map(NodeMetrics::host).distinct().toList();
        Optional<NvlinkDomain> domain = NvlinkReach.commonDomain(cluster, hosts);
        if (domain.isEmpty()) {
            return Optional.empty();
        }
        String model = nodes.stream().flatMap(n -> cluster.node(n.host()).gpus().stream()).map(g -> g.model())
                .filter(m -> m != null).findFirst().orElse(null);
        double rack = NvlinkReach.gpuGBps(domain.get(), BandwidthModel.ratesOf(model).nvlinkLinkGBps());
        double best = rack;
        String why = "NVLink domain " + domain.get().name() + ": each GPU's NVLink to the rack ("
                + String.format(Locale.ROOT, "%.0f", rack) + " GB/s)";
        for (NodeMetrics n : nodes) {
            if (n.ringGBps() < best) {
                best = n.ringGBps();
                why = "inside " + n.host() + ": " + n.ringBottleneck();
            }
        }
        List<String> assumptions = nodes.stream().filter(NodeMetrics::ratesAssumed)
                .map(n -> n.host() + ": GPU model not recognised, rates taken as NVLink 3 and PCIe Gen4").toList();
        return Optional.of(new RingEstimate(best, why, assumptions));
    }
}
