package org.topoplanner.model.cluster;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.k8s.KubernetesSettings;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.slurm.SlurmSettings;

/**
 * A cluster: the fabric, the inside of every host, host attributes, and what the Slurm and
 * Kubernetes configurations say. Immutable; hand it to the allocator and the renderer as is.
 *
 * @param nodes host name to its inside, in node order (Slurm's configuration order)
 * @param hosts host name to weight and features
 */
public record Cluster(String name, Fabric fabric, Map<String, NodeTopology> nodes, Map<String, HostAttributes> hosts,
                      SlurmSettings slurm, KubernetesSettings kubernetes) {
    public Cluster {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(fabric, "fabric");
        nodes = Collections.unmodifiableMap(new LinkedHashMap<>(nodes));
        hosts = Collections.unmodifiableMap(new LinkedHashMap<>(hosts));
        slurm = slurm == null ? SlurmSettings.empty() : slurm;
        kubernetes = kubernetes == null ? KubernetesSettings.empty() : kubernetes;
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
