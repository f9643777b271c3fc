package org.topoplanner.model.node;

/** The kinds of PCIe element that shape a device's path class. */
public enum PciKind {
    /** A root complex / host bridge: crossing it is PHB. */
    HOST_BRIDGE,
    /** A PCIe switch (or a bridge of one): devices below one switch are PIX. */
    SWITCH
}
