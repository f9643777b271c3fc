package org.topoplanner.model.design;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.nvlink.DomainOrigin;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;
import org.topoplanner.model.nvlink.RackDesign;

/**
 * The NVLink domains of a designed cluster whose node is a compute tray of a multi-node NVLink rack
 * (a GB200 or GB300 NVL72 tray): consecutive hosts, in host order, fill racks of the design's tray
 * count, so 72 trays under four leaves of 18 are four racks {@code nvl72-1} to {@code nvl72-4}. A last
 * rack with fewer trays is still one domain (a partly filled rack). Any other node gives none.
 */
final class RackDomains {
    private RackDomains() {
    }

    static NvlinkDomains of(List<String> hosts, NodeTopology node) {
        Optional<RackDesign> rack = node.gpus().stream().map(Gpu::model).map(RackDesign::ofGpuModel)
                .flatMap(Optional::stream).findFirst();
        if (rack.isEmpty()) {
            return NvlinkDomains.none();
        }
        int trays = rack.get().computeTrays();
        int digits = Math.max(1, String.valueOf((hosts.size() + trays - 1) / trays).length());
        List<NvlinkDomain> out = new ArrayList<>();
        for (int from = 0, r = 1; from < hosts.size(); from += trays, r++) {
            String name = "nvl" + rack.get().gpus() + "-" + "0".repeat(Math.max(0, digits - String.valueOf(r).length())) + r;
            out.add(new NvlinkDomain(name, null, null, hosts.subList(from, Math.min(hosts.size(), from + trays)), null,
                    rack.get(), DomainOrigin.DESIGN));
        }
        return NvlinkDomains.of(out);
    }
}
