package org.topoplanner.model.fabric;

import java.util.Objects;

/**
 * A switch of the fabric.
 *
 * @param name        unique name in the fabric (from {@code topology.conf}, or the node
 *                    description of {@code ibnetdiscover} made unique when several switches share one)
 * @param guid        the node GUID as {@code 0x...} when known, else {@code null}
 * @param description the node description as the switch reports it, else {@code null}
 * @param tier        1 for a leaf (a switch with hosts), 2 above leaves, and so on; 0 when the switch
 *                    reaches no host at all
 */
public record SwitchNode(String name, String guid, String description, int tier) implements FabricNode {
    public SwitchNode {
        Objects.requireNonNull(name, "name");
        if (tier < 0) {
            throw new IllegalArgumentException("negative tier for " + name);
        }
    }

    public SwitchNode withTier(int newTier) {
        return new SwitchNode(name, guid, description, newTier);
    }

    public boolean isLeaf() {
        return tier == 1;
    }
}
