package org.topoplanner.model.cluster;

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
 * The multi-node NVLink domains whose GPUs really reach each other over NVLink, shared by scheduling
 * (the allocator's {@code NvlinkReach}, which caches it) and the exports, so both see one set. A domain a
 * GPU source names ({@code nvidia-smi -q}, a clique label, a design) counts as is; a fabric block counts
 * when its trays are Grace-Blackwell superchips ({@link RackDesign#ofGpuModel}), because Slurm and
 * Topograph blocks also group plain HGX nodes by leaf, where NVLink ends at the node. Each counted domain
 * carries the rack design its trays imply when the source gave none.
 */
public final class NvlinkReachDomains {
    private NvlinkReachDomains() {
    }

    public static NvlinkDomains of(Cluster cluster) {
        List<NvlinkDomain> out = new ArrayList<>();
        for (NvlinkDomain d : cluster.nvlinkDomains().all()) {
            Optional<RackDesign> trays = trayDesign(cluster, d);
            if (d.origin() != DomainOrigin.FABRIC_BLOCK || d.design() != null) {
                out.add(d.design() == null && trays.isPresent() ? d.withDesign(trays.get()) : d);
            } else if (trays.isPresent()) {
                out.add(d.withDesign(trays.get()));
            }
        }
        return NvlinkDomains.of(out);
    }

    /** The design every GPU of the domain's hosts implies, when they all agree and there is at least one. */
    private static Optional<RackDesign> trayDesign(Cluster cluster, NvlinkDomain d) {
        RackDesign found = null;
        for (String h : d.hosts()) {
            NodeTopology n = cluster.node(h);
            for (Gpu g : n.gpus()) {
                Optional<RackDesign> r = RackDesign.ofGpuModel(g.model());
                if (r.isEmpty() || found != null && !found.equals(r.get())) {
                    return Optional.empty();
                }
                found = r.get();
            }
        }
        return Optional.ofNullable(found);
    }
}
