package org.topoplanner.model.cluster;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.k8s.KubernetesSettings;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.nvlink.NvlinkDomains;
import org.topoplanner.model.slurm.SlurmSettings;

/**
 * A cluster: the fabric, the inside of every host, host attributes, and what the Slurm and
 * Kubernetes configurations say. Immutable; hand it to the allocator and the renderer as is.
 *
 * @param nodes host name to its inside, in node order (Slurm's configuration order)
 * @param hosts host name to weight and features
 * @param nvlink the multi-node NVLink domains the sources name (see {@link #nvlinkDomains()} for the
 *              ones scheduling sees, which adds the fabric's blocks)
 */
public record Cluster(String name, Fabric fabric, Map<String, NodeTopology> nodes, Map<String, HostAttributes> hosts,
                      SlurmSettings slurm, KubernetesSettings kubernetes, NvlinkDomains nvlink) {
    /** A cluster without multi-node NVLink domains of its own (its fabric's blocks still count as domains). */
    public Cluster(String name, Fabric fabric, Map<String, NodeTopology> nodes, Map<String, HostAttributes> hosts,
                   SlurmSettings slurm, KubernetesSettings kubernetes) {
        this(name, fabric, nodes, hosts, slurm, kubernetes, NvlinkDomains.none());
    }

    public Cluster {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(fabric, "fabric");
        nodes = Collections.unmodifiableMap(new LinkedHashMap<>(nodes));
        hosts = Collections.unmodifiableMap(new LinkedHashMap<>(hosts));
        slurm = slurm == null ? SlurmSettings.empty() : slurm;
        kubernetes = kubernetes == null ? KubernetesSettings.empty() : kubernetes;
        nvlink = nvlink == null ? NvlinkDomains.none() : nvlink;
    }

    /**
     * The multi-node NVLink domains: those the sources name, then the fabric's blocks for hosts none of
     * them holds (topograph and Slurm's block topology describe NVLink domains as blocks).
     */
    public NvlinkDomains nvlinkDomains() {
        return nvlink.withBlocks(fabric);
    }

    /** The same cluster with these NVLink domains. */
    public Cluster withNvlink(NvlinkDomains domains) {
        return new Cluster(name, fabric, nodes, hosts, slurm, kubernetes, domains);
    }

    /**
     * The cluster as a Slurm without {@code topology.yaml} sees one of its named topologies: that topology's layout
     * as the fabric and no named topologies (the partitions keep their keys, bound to nothing). Empty when no
     * topology has that name.
     */
    public java.util.Optional<Cluster> withTopologyAlone(String topologyName) {
        return slurm.topology(topologyName).map(t -> new Cluster(name, t.layout(), nodes, hosts,
                slurm.withTopologies(List.of()), kubernetes, nvlink));
    }

    /** The inside of a host; {@link NodeTopology#unknown()} when no source described it. */
    public NodeTopology node(String host) {
        return nodes.getOrDefault(host, NodeTopology.unknown());
    }

    public HostAttributes attributes(String host) {
        return hosts.getOrDefault(host, HostAttributes.DEFAULT);
    }

    /** Every host name: those of the node map in order, then fabric hosts not in it. */
    public List<String> hostNames() {
        java.util.LinkedHashSet<String> all = new java.util.LinkedHashSet<>(nodes.keySet());
        fabric.hosts().forEach(h -> all.add(h.name()));
        return List.copyOf(all);
    }

    public int gpuCount() {
        return hostNames().stream().mapToInt(h -> node(h).gpus().size()).sum();
    }
}
