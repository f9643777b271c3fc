package org.topoplanner.model.fabric;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Collects switches, hosts and cables in source order and builds an immutable {@link Fabric}.
 *
 * <p>Tiers come from {@link TierInference#byDistance} unless the caller sets them (a
 * {@code topology.conf} reader knows the tree's direction). A cable naming an unknown node adds
 * nothing: readers must report such dangling peers themselves before calling {@link #cable}. A
 * cable given twice (once from each end, as {@code ibnetdiscover} lists it) is kept once.
 */
public final class FabricBuilder {
    private final Map<String, SwitchNode> switches = new LinkedHashMap<>();
    private final Map<String, HostNode> hosts = new LinkedHashMap<>();
    private final List<Cable> cables = new ArrayList<>();
    private final Set<SeenCable> seenCables = new HashSet<>();
    private final List<Block> blocks = new ArrayList<>();
    private final List<Integer> blockSizes = new ArrayList<>();
    private Map<String, Integer> explicitTiers;

    /**
     * A builder holding {@code fabric}'s switches (with their tiers), hosts and cables but none of its
     * blocks: for views of a fabric with other blocks (a merge's, or NVLink domains as blocks).
     */
    public static FabricBuilder withoutBlocks(Fabric fabric) {
        FabricBuilder b = new FabricBuilder();
        Map<String, Integer> tiers = new LinkedHashMap<>();
        for (SwitchNode s : fabric.switches()) {
            b.addSwitch(s.name(), s.guid(), s.description());
            tiers.put(s.name(), s.tier());
        }
        fabric.hosts().forEach(h -> b.addHost(h.name()));
        fabric.cables().forEach(b::cable);
        return b.tiers(tiers);
    }

    public FabricBuilder addSwitch(String name, String guid, String description) {
        switches.putIfAbsent(name, new SwitchNode(name, guid, description, 0));
        return this;
    }

    public FabricBuilder addSwitch(String name) {
        return addSwitch(name, null, null);
    }

    public FabricBuilder addHost(String name) {
        hosts.putIfAbsent(name, new HostNode(name));
        return this;
    }

    public boolean hasSwitch(String name) {
        return switches.containsKey(name);
    }

    public boolean hasHost(String name) {
        return hosts.containsKey(name);
    }

    /** Adds a cable between two nodes added before; returns false (and adds nothing) otherwise. */
    public boolean cable(Cable cable) {
        if (!known(cable.a().node()) || !known(cable.b().node())) {
            return false;
        }
        if (!seenCables.add(new SeenCable(cable))) {
            return true;
        }
        cables.add(cable);
        return true;
    }

    public boolean cable(String a, String b) {
        return cable(Cable.between(a, b));
    }

    private boolean known(String name) {
        return switches.containsKey(name) || hosts.containsKey(name);
    }

    public FabricBuilder block(Block block) {
        blocks.add(block);
        return this;
    }

    public FabricBuilder blockSizes(List<Integer> sizes) {
        blockSizes.clear();
        blockSizes.addAll(sizes);
        return this;
    }

    /** Sets the tiers instead of inferring them; switches missing from the map get tier 0. */
    public FabricBuilder tiers(Map<String, Integer> tiers) {
        this.explicitTiers = Map.copyOf(tiers);
        return this;
    }

    public Fabric build() {
        Map<String, Integer> tiers = explicitTiers != null ? explicitTiers
                : TierInference.byDistance(switches.keySet(), cables);
        List<SwitchNode> tiered = new ArrayList<>(switches.size());
        for (SwitchNode s : switches.values()) {
            tiered.add(s.withTier(tiers.getOrDefault(s.name(), 0)));
        }
        return new Fabric(tiered, new ArrayList<>(hosts.values()), cables, blocks, blockSizes);
    }

    /**
     * A cable as a de-duplication key, equal to another exactly when the cables are equal one way or reversed
     * (seen from either end), as the cable read from its lesser node name was. Hashed on the ends' node names
     * and ports only, both orders alike: the names' hashes are cached in the strings, where the record's hash
     * walked every field of both ends (GUID and HCA strings made per cable), and no reversed copy is made.
     */
    private static final class SeenCable {
        private final Cable cable;
        private final int hash;

        SeenCable(Cable cable) {
            this.cable = cable;
            int a = cable.a().node().hashCode() * 31 + cable.a().port();
            int b = cable.b().node().hashCode() * 31 + cable.b().port();
            this.hash = a ^ b;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof SeenCable other) || other.hash != hash) {
                return false;
            }
            Cable c = other.cable;
            return c.width().equals(cable.width()) && c.speed() == cable.speed()
                    && (c.a().equals(cable.a()) && c.b().equals(cable.b())
                    || c.a().equals(cable.b()) && c.b().equals(cable.a()));
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
