package org.topoplanner.allocator;

import java.util.Collection;
import java.util.Optional;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.NvlinkReachDomains;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;

/**
 * The multi-node NVLink domains scheduling and metrics honour ({@link NvlinkReachDomains}, which the
 * exports share), computed once per cluster.
 */
public final class NvlinkReach {
    private NvlinkReach() {
    }

    /** The counted domains of {@code cluster}, built once per cluster. */
    public static NvlinkDomains of(Cluster cluster) {
        return ClusterIndex.of(cluster).derived(NvlinkReach.class, NvlinkReachDomains::of);
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
}
