package org.topoplanner.importers;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.k8s.KubernetesSettings;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.nvlink.NvlinkDomains;
import org.topoplanner.model.slurm.SlurmSettings;

/**
 * What one source contributes to a cluster: any of a fabric, node insides, host attributes,
 * Slurm settings and Kubernetes settings. The merge combines parts and reports disagreements.
 *
 * @param fabric     the fabric, or {@code null} when the source does not describe one
 * @param nodes      host name to its inside; a single-machine source that does not name its host
 *                   ({@code nvidia-smi topo -m}) uses {@code unnamedHost} as key
 * @param unnamedHost the key used for a node whose host name the source does not give, else {@code null}
 * @param nvlink     the multi-node NVLink domains the source names (cliques of {@code nvidia-smi -q},
 *                   {@code nvidia.com/gpu.clique} labels); the fabric's blocks are not repeated here
 */
public record ClusterPart(Fabric fabric, Map<String, NodeTopology> nodes, Map<String, HostAttributes> hosts,
                          SlurmSettings slurm, KubernetesSettings kubernetes, String unnamedHost,
                          NvlinkDomains nvlink) {
    /** A part that names no NVLink domain of its own. */
    public ClusterPart(Fabric fabric, Map<String, NodeTopology> nodes, Map<String, HostAttributes> hosts,
                       SlurmSettings slurm, KubernetesSettings kubernetes, String unnamedHost) {
        this(fabric, nodes, hosts, slurm, kubernetes, unnamedHost, NvlinkDomains.none());
    }

    public ClusterPart {
        nodes = Collections.unmodifiableMap(new LinkedHashMap<>(nodes));
        hosts = Collections.unmodifiableMap(new LinkedHashMap<>(hosts));
        slurm = slurm == null ? SlurmSettings.empty() : slurm;
        kubernetes = kubernetes == null ? KubernetesSettings.empty() : kubernetes;
        nvlink = nvlink == null ? NvlinkDomains.none() : nvlink;
    }

    public static ClusterPart empty() {
        return new ClusterPart(null, Map.of(), Map.of(), null, null, null);
    }

    public static ClusterPart ofFabric(Fabric fabric) {
        return new ClusterPart(fabric, Map.of(), Map.of(), null, null, null);
    }

    public static ClusterPart ofNode(String host, NodeTopology node, boolean hostNamedBySource) {
        return new ClusterPart(null, Map.of(host, node), Map.of(), null, null, hostNamedBySource ? null : host);
    }

    public Optional<Fabric> fabricIfAny() {
        return Optional.ofNullable(fabric);
    }
}
