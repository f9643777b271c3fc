package org.topoplanner.importers.k8s;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.fabric.RailGroups;
import org.topoplanner.model.fabric.ScalableUnit;
import org.topoplanner.model.fabric.SwitchNode;

/**
 * The fabric as a strict tree can show it: on a rail-optimised fabric the rail leaves that share their
 * hosts ({@link RailGroups}) become one logical leaf per scalable unit ({@code su1}, ...), cabled to the
 * hosts and to the rails' spines, exactly as {@code TopologyConfWriter} writes them for Slurm. Node labels
 * and HyperNodes then name one leaf per host, and every HyperNode they list exists. Other fabrics are
 * returned as they are.
 */
final class RailCollapse {
    private RailCollapse() {
    }

    static Fabric of(Fabric fabric) {
        RailGroups groups = RailGroups.of(fabric);
        if (!groups.isRailOptimised()) {
            return fabric;
        }
        Map<String, String> logical = new HashMap<>();
        for (ScalableUnit u : groups.units()) {
            u.leaves().forEach(l -> logical.put(l, u.name()));
        }
        FabricBuilder b = new FabricBuilder();
        Map<String, Integer> tiers = new LinkedHashMap<>();
        Set<String> added = new HashSet<>();
        for (SwitchNode s : fabric.switches()) {
            String name = logical.getOrDefault(s.name(), s.name());
            if (added.add(name)) {
                if (name.equals(s.name())) {
                    b.addSwitch(s.name(), s.guid(), s.description());
                } else {
                    b.addSwitch(name);
                }
                tiers.put(name, s.tier());
            }
        }
        fabric.hosts().forEach(h -> b.addHost(h.name()));
        for (Cable c : fabric.cables()) {
            String a = logical.getOrDefault(c.a().node(), c.a().node());
            String z = logical.getOrDefault(c.b().node(), c.b().node());
            if (!a.equals(z)) {
                b.cable(a, z);
            }
        }
        fabric.blocks().forEach(b::block);
        b.blockSizes(fabric.blockSizes());
        return b.tiers(tiers).build();
    }
}
