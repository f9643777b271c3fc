package org.topoplanner.model.node;

import java.util.Locale;
import java.util.Optional;

/**
 * The class of the path between two devices of a node, as {@code nvidia-smi topo -m} names it,
 * ordered from best to worst: NVLink, then PCIe classes from one switch to across sockets.
 */
public enum LinkKind {
    /** NVLink (bridge or NVSwitch); the lane count comes with the link. */
    NV,
    /** At most one PCIe switch between the two (same switch). */
    PIX,
    /** Several PCIe switches, without crossing the host bridge. */
    PXB,
    /** Through a PCIe host bridge (typically the CPU root complex). */
    PHB,
    /** Across host bridges inside one NUMA node. */
    NODE,
    /** Across the SMP interconnect between NUMA nodes or sockets (QPI/UPI/xGMI). Old drivers say SOC. */
    SYS;

    /** Reads {@code PIX}, {@code SOC} (old name of SYS), {@code NV12} (as NV); empty for other tokens. */
    public static Optional<LinkKind> fromToken(String token) {
        String t = token.strip().toUpperCase(Locale.ROOT);
        if (t.equals("SOC")) {
            return Optional.of(SYS);
        }
        if (t.matches("NV\\d+")) {
            return Optional.of(NV);
        }
        for (LinkKind k : values()) {
            if (k.name().equals(t)) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }

    /** True when this path is better (closer) than {@code other}. */
    public boolean closerThan(LinkKind other) {
        return ordinal() < other.ordinal();
    }
}
