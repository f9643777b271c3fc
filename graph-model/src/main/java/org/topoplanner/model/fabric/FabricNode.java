package org.topoplanner.model.fabric;

/** A vertex of the fabric graph: a switch or a host. Names are unique across the fabric. */
public sealed interface FabricNode permits SwitchNode, HostNode {
    String name();
}
