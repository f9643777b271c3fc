package org.topoplanner.importers.merge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.fabric.SwitchNode;
import org.topoplanner.model.k8s.HyperNode;
import org.topoplanner.model.k8s.KubernetesSettings;
import org.topoplanner.model.slurm.GresLine;
import org.topoplanner.model.slurm.SlurmSettings;

/**
 * Takes hosts a person chose to drop ({@link HostPresenceConflict}) out of the parts of the merged
 * cluster that name hosts, so an exported configuration does not bring them back.
 */
final class DroppedHosts {
    private DroppedHosts() {
    }

    /** The fabric without the hosts, their cables and their block memberships; switches and tiers stay. */
    static Fabric fabric(Fabric f, Set<String> dropped) {
        FabricBuilder b = new FabricBuilder();
        Map<String, Integer> tiers = new LinkedHashMap<>();
        for (SwitchNode s : f.switches()) {
            b.addSwitch(s.name(), s.guid(), s.description());
            tiers.put(s.name(), s.tier());
        }
        f.hosts().stream().filter(h -> !dropped.contains(h.name())).forEach(h -> b.addHost(h.name()));
        for (Cable c : f.cables()) {
            if (!dropped.contains(c.a().node()) && !dropped.contains(c.b().node())) {
                b.cable(c);
            }
        }
        for (Block blk : f.blocks()) {
            b.block(new Block(blk.name(), blk.nodes().stream().filter(n -> !dropped.contains(n)).toList()));
        }
        b.blockSizes(f.blockSizes());
        return b.tiers(tiers).build();
    }

    /**
     * Node lines of the hosts go; a GRES line loses them from its node list, and goes when none is
     * left (an empty list would mean every node).
     */
    static SlurmSettings slurm(SlurmSettings s, Set<String> dropped) {
        List<GresLine> gres = new ArrayList<>();
        for (GresLine g : s.gres()) {
            List<String> nodes = g.nodes().stream().filter(n -> !dropped.contains(n)).toList();
            if (g.nodes().isEmpty() || nodes.size() == g.nodes().size()) {
                gres.add(g);
            } else if (!nodes.isEmpty()) {
                gres.add(new GresLine(nodes, g.name(), g.type(), g.files(), g.cores(), g.links(), g.count(),
                        g.flags(), g.autoDetect()));
            }
        }
        return new SlurmSettings(s.nodeLines().stream().filter(n -> !dropped.contains(n.name())).toList(), gres,
                s.keys(), s.topologies().stream().map(t -> t.withoutHosts(dropped)).toList());
    }

    /**
     * Node labels of the hosts go, and so do HyperNode members naming one of them exactly; members
     * matching by regex or labels stay, as they name no host.
     */
    static KubernetesSettings kubernetes(KubernetesSettings k, Set<String> dropped) {
        Map<String, Map<String, String>> labels = new LinkedHashMap<>(k.nodeLabels());
        labels.keySet().removeAll(dropped);
        List<HyperNode> hyperNodes = k.hyperNodes().stream().map(h -> new HyperNode(h.name(), h.tier(), h.tierName(),
                h.members().stream().filter(m -> !"Node".equals(m.type()) || !dropped.contains(m.exactMatch()))
                        .toList())).toList();
        return new KubernetesSettings(hyperNodes, k.topologies(), k.flavors(), labels);
    }
}
