package org.topoplanner.importers.export;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.NodeTopology;

/**
 * What a round trip must keep: hosts, switches with their tiers and parents, each host's switches,
 * blocks, and per host its GPUs, CPUs (hardware threads), cores, sockets and NVLink lanes per GPU
 * pair. Orders do not count.
 */
record ClusterShape(Set<String> hosts, Map<String, Integer> switchTiers, Map<String, Set<String>> parents,
                    Map<String, Set<String>> leaves, Map<String, Set<String>> blocks, Map<String, Inside> insides) {

    /** A host's inside as the exports can carry it. */
    record Inside(int gpus, Integer cpus, Integer cores, Integer sockets, Map<String, Integer> nvlinks) {
        static Inside of(NodeTopology n) {
            Map<String, Integer> lanes = new TreeMap<>();
            for (DeviceLink l : n.links()) {
                if (l.kind() == LinkKind.NV) {
                    int a = n.gpu(l.a()).map(Gpu::index).orElse(-1);
                    int b = n.gpu(l.b()).map(Gpu::index).orElse(-1);
                    lanes.put(Math.min(a, b) + "-" + Math.max(a, b), l.count());
                }
            }
            return new Inside(n.gpus().size(), n.threads(), n.cores(), n.sockets(), lanes);
        }
    }

    static ClusterShape of(Cluster c) {
        Map<String, Inside> insides = new TreeMap<>();
        c.hostNames().forEach(h -> insides.put(h, Inside.of(c.node(h))));
        return new ClusterShape(new TreeSet<>(c.hostNames()), Map.of(), Map.of(), Map.of(), Map.of(), insides)
                .withFabric(c.fabric());
    }

    /** The same hosts and insides over another view of the fabric. */
    ClusterShape withFabric(Fabric f) {
        Map<String, Integer> tiers = new TreeMap<>();
        Map<String, Set<String>> parents = new TreeMap<>();
        f.switches().forEach(s -> {
            tiers.put(s.name(), s.tier());
            parents.put(s.name(), new TreeSet<>(f.parents(s.name())));
        });
        Map<String, Set<String>> leaves = new TreeMap<>();
        f.hosts().forEach(h -> leaves.put(h.name(), new TreeSet<>(f.switchesOf(h.name()))));
        Map<String, Set<String>> blocks = new TreeMap<>();
        f.blocks().forEach(b -> blocks.put(b.name(), new TreeSet<>(b.nodes())));
        return new ClusterShape(hosts, tiers, parents, leaves, blocks, insides);
    }
}
