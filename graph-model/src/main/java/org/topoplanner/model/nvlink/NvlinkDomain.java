package org.topoplanner.model.nvlink;

import java.util.List;
import java.util.Objects;

/**
 * One multi-node NVLink domain: the hosts whose GPUs reach each other over NVSwitch trays.
 *
 * @param name        the domain's name: the {@code nvidia.com/gpu.clique} value
 *                    ({@code <clusterUUID>.<cliqueId>}) when the clique is known, else the block's name
 * @param clusterUuid the NVLink cluster UUID, {@code null} when the source does not say
 * @param cliqueId    the clique id within the cluster, {@code null} when the source does not say
 * @param hosts       member hosts (compute trays), in source order
 * @param imexDomain  the IMEX domain the hosts share memory in, {@code null} when unknown; a
 *                    ComputeDomain job forms its own IMEX domain inside the NVLink domain
 * @param design      the rack design when known (the template it was designed from, or recognised
 *                    from its size), else {@code null}
 * @param origin      which kind of source said so
 */
public record NvlinkDomain(String name, String clusterUuid, Long cliqueId, List<String> hosts, String imexDomain,
                           RackDesign design, DomainOrigin origin) {
    public NvlinkDomain {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(origin, "origin");
        hosts = List.copyOf(hosts);
    }

    /** A domain named by its clique: {@code <clusterUUID>.<cliqueId>}. */
    public static NvlinkDomain ofClique(String clusterUuid, long cliqueId, List<String> hosts, DomainOrigin origin) {
        return new NvlinkDomain(clusterUuid + "." + cliqueId, clusterUuid, cliqueId, hosts, null, null, origin);
    }

    /** A domain known only by a block's name (topograph, Slurm). */
    public static NvlinkDomain ofBlock(String name, List<String> hosts, DomainOrigin origin) {
        return new NvlinkDomain(name, null, null, hosts, null, null, origin);
    }

    public NvlinkDomain withHosts(List<String> newHosts) {
        return new NvlinkDomain(name, clusterUuid, cliqueId, newHosts, imexDomain, design, origin);
    }

    public NvlinkDomain withDesign(RackDesign d) {
        return new NvlinkDomain(name, clusterUuid, cliqueId, hosts, imexDomain, d, origin);
    }

    public boolean contains(String host) {
        return hosts.contains(host);
    }
}
