package org.topoplanner.allocator;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.nvlink.DomainOrigin;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;
import org.topoplanner.model.nvlink.RackDesign;

/**
 * The multi-node NVLink domains scheduling and metrics honour: those whose GPUs really reach each other
 * over NVLink. A domain a GPU source names ({@code nvidia-smi -q}, a clique label, a design) counts as
 * is; a fabric block counts when its trays are Grace-Blackwell superchips ({@link RackDesign#ofGpuModel}),
 * because Slurm blocks and Topograph blocks also group plain HGX nodes by leaf, where NVLink ends at the
 * node. Each counted domain carries the rack design its trays imply when the source gave none.
 */
public final class NvlinkReach {
    private NvlinkReach() {
    }

    /** The counted domains of {@code cluster}, built once per cluster. */
    public static NvlinkDomains of(Cluster cluster) {
        return ClusterIndex.of(cluster).derived(NvlinkReach.class, NvlinkReach::build);
    }

    /** The counted domain of {@code host}, if any. */
    public static Optional<NvlinkDomain> domainOf(Cluster cluster, String host) {
        return of(cluster).ofHost(host);
    }

    /** The one counted domain holding every host, if there is one (and more than one host). */
    public static Optional<NvlinkDomain> commonDomain(Cluster cluster, Collection<String> hosts) {
        if (hosts.size() < 2) {
            return Optional.empty();
        }
        Optional<NvlinkDomain> first = domainOf(cluster, hosts.iterator().next());
        return first.filter(d -> hosts.stream().allMatch(d::contains));
    }

    /**
     * One direction of the NVLink bandwidth a GPU has to the other GPUs of its domain, GB/s: half the
     * design's both-ways figure, else 18 links of the model's NVLink generation (every NVLink 4 and 5 GPU
     * has 18); 0 when unknown.
     */
    public static double gpuGBps(NvlinkDomain d, double linkGBps) {
        if (d.design() != null) {
            return d.design().gpuNvlinkGBps() / 2.0;
        }
        return 18 * linkGBps;
    }

    private static NvlinkDomains build(Cluster cluster) {
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
