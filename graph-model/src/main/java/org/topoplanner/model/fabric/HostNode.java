package org.topoplanner.model.fabric;

import java.util.Objects;

/** A host (compute node) of the fabric; its HCAs are the host ends of its cables. */
public record HostNode(String name) implements FabricNode {
    public HostNode {
        Objects.requireNonNull(name, "name");
    }
}
