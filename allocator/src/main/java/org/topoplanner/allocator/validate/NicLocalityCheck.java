package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;

/**
 * {@code NIC_NOT_LOCAL} (warning): a GPU's NIC, as the placement assigns it, is not under the GPU's PCIe
 * switch tree ({@code PIX}/{@code PXB}) while another NIC of the node is closer. GPUDirect RDMA then goes
 * through the root complex or across sockets (NCCL's default {@code NCCL_NET_GDR_LEVEL} uses GPUDirect only
 * up to {@code PXB}, so traffic is staged in host memory). Placements that assign no NIC are not judged:
 * NCCL then picks the nearest NIC itself.
 */
final class NicLocalityCheck implements PlacementCheck {

    @Override
    public List<Violation> check(CheckContext c) {
        List<Violation> out = new ArrayList<>();
        for (HostAllocation a : c.knownAllocations()) {
            String h = a.host();
            NodeTopology node = c.cluster.node(h);
            for (Map.Entry<Integer, String> e : a.nicByGpu().entrySet()) {
                String gpu = node.gpu(e.getKey()).map(g -> g.id()).orElse(null);
                if (gpu == null || node.nic(e.getValue()).isEmpty() || !a.gpus().contains(e.getKey())) {
                    continue;
                }
                LinkKind chosen = kind(node, gpu, e.getValue());
                if (chosen == null || chosen == LinkKind.PIX || chosen == LinkKind.PXB) {
                    continue;
                }
                Nic best = null;
                LinkKind bestKind = chosen;
                for (Nic n : node.nics()) {
                    LinkKind k = kind(node, gpu, n.id());
                    if (k != null && k.closerThan(bestKind)) {
                        best = n;
                        bestKind = k;
                    }
                }
                if (best != null) {
                    out.add(Violation.of(ViolationCode.NIC_NOT_LOCAL, Severity.WARNING,
                            List.of(h, Elements.gpu(h, e.getKey()), Elements.nic(h, e.getValue()), Elements.nic(h, best.id())),
                            h + " GPU " + e.getKey() + " sends through " + e.getValue() + " (" + chosen + ": "
                                    + describe(chosen) + "), while " + best.id() + " is closer (" + bestKind + ": "
                                    + describe(bestKind) + "); GPUDirect RDMA runs degraded"));
                }
            }
        }
        return out;
    }

    private static LinkKind kind(NodeTopology node, String a, String b) {
        return node.link(a, b).map(DeviceLink::kind).orElse(null);
    }

    private static String describe(LinkKind k) {
        return switch (k) {
            case NV -> "NVLink";
            case PIX -> "on the same PCIe switch";
            case PXB -> "across PCIe switches";
            case PHB -> "through the host bridge";
            case NODE -> "across host bridges of one NUMA node";
            case SYS -> "across sockets";
        };
    }
}
