package org.topoplanner.model.node;

import java.util.Objects;

/**
 * A host bridge or PCIe switch in a node's PCIe tree.
 *
 * @param id     a stable id ({@code HB0}, {@code PLX1}, or the bus id)
 * @param kind   host bridge or switch
 * @param parent the id of the element above, {@code null} for a host bridge
 * @param numa   the NUMA node the tree hangs off
 * @param busId  PCI bus id where known ({@code 0000:17:00.0}), else {@code null}
 */
public record PciNode(String id, PciKind kind, String parent, int numa, String busId) {
    public PciNode {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        if (kind == PciKind.HOST_BRIDGE && parent != null) {
            throw new IllegalArgumentException("host bridge " + id + " cannot have a parent");
        }
        if (kind == PciKind.SWITCH && parent == null) {
            throw new IllegalArgumentException("PCIe switch " + id + " needs a parent");
        }
    }
}
