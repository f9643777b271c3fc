package org.topoplanner.allocator.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;

/**
 * What a placement gives a job inside one node.
 *
 * @param host           host name
 * @param gpus           GPU indices, ascending
 * @param numaNodes      NUMA nodes the GPUs sit on, ascending (unknown affinities left out)
 * @param ringGBps       the slowest step of the best ring through the GPUs ({@link GpuRing}), GB/s per
 *                       direction; {@code +Infinity} for fewer than two GPUs (no step inside the node)
 * @param ringBottleneck the slowest step in words ({@code GPU0-GPU4 SYS}), empty for fewer than two GPUs
 * @param nvlinkGBps     the same ring using NVLink steps only: 0 when the GPUs cannot form a ring over
 *                       NVLink alone; {@code +Infinity} for fewer than two GPUs
 * @param nics           the NIC of each GPU with its path class
 * @param ratesAssumed   true when the GPU model was not recognised by {@link BandwidthModel}
 */
public record NodeMetrics(String host, List<Integer> gpus, List<Integer> numaNodes, double ringGBps,
                          String ringBottleneck, double nvlinkGBps, List<NicUse> nics, boolean ratesAssumed) {
    public NodeMetrics {
        gpus = List.copyOf(gpus);
        numaNodes = List.copyOf(numaNodes);
        nics = List.copyOf(nics);
    }

    /** True when every GPU's NIC is on its PCIe switch tree (PIX/PXB). */
    public boolean nicsLocal() {
        return nics.stream().allMatch(NicUse::local);
    }

    public static NodeMetrics of(NodeTopology node, HostAllocation alloc) {
        List<Gpu> chosen = new ArrayList<>();
        for (int i : alloc.gpus()) {
            node.gpu(i).ifPresent(chosen::add);
        }
        TreeSet<Integer> numa = new TreeSet<>();
        chosen.forEach(g -> g.numaNodes().forEach(numa::add));
        GpuLinkRates rates = chosen.isEmpty() ? BandwidthModel.UNKNOWN_MODEL : BandwidthModel.ratesOf(chosen.get(0).model());
        int n = chosen.size();
        double[][] all = new double[n][n];
        double[][] nvOnly = new double[n][n];
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                if (a != b) {
                    Optional<DeviceLink> l = node.link(chosen.get(a).id(), chosen.get(b).id());
                    LinkKind kind = l.map(DeviceLink::kind).orElse(null);
                    int lanes = l.map(DeviceLink::count).orElse(0);
                    all[a][b] = BandwidthModel.gpuPairGBps(kind, lanes, rates);
                    nvOnly[a][b] = kind == LinkKind.NV ? all[a][b] : 0.0;
                }
            }
        }
        GpuRing ring = GpuRing.best(all);
        GpuRing nvRing = GpuRing.best(nvOnly);
        String slow = "";
        if (ring.slowFrom() >= 0) {
            Gpu a = chosen.get(ring.slowFrom());
            Gpu b = chosen.get(ring.slowTo());
            slow = a.id() + "-" + b.id() + " " + node.link(a.id(), b.id()).map(DeviceLink::token).orElse("path unknown");
        }
        return new NodeMetrics(alloc.host(), chosen.stream().map(Gpu::index).toList(), List.copyOf(numa),
                ring.bottleneck(), slow, nvRing.bottleneck(), nicUses(node, alloc, chosen),
                !chosen.isEmpty() && rates.assumed());
    }

    private static List<NicUse> nicUses(NodeTopology node, HostAllocation alloc, List<Gpu> chosen) {
        List<NicUse> out = new ArrayList<>();
        for (Gpu g : chosen) {
            String assigned = alloc.nicByGpu().get(g.index());
            if (assigned != null) {
                out.add(new NicUse(g.index(), assigned, pathKind(node, g.id(), assigned), true));
                continue;
            }
            Nic best = null;
            LinkKind bestKind = null;
            for (Nic nic : node.nics()) {
                LinkKind k = pathKind(node, g.id(), nic.id());
                if (best == null || (k != null && (bestKind == null || k.closerThan(bestKind)))) {
                    best = nic;
                    bestKind = k;
                }
            }
            out.add(new NicUse(g.index(), best == null ? null : best.id(), bestKind, false));
        }
        return out;
    }

    static LinkKind pathKind(NodeTopology node, String a, String b) {
        return node.link(a, b).map(DeviceLink::kind).orElse(null);
    }
}
