package org.topoplanner.importers.lldp;

import java.util.Objects;

/**
 * One neighbour as one side saw it: {@code system}'s port {@code port} hears {@code peer}'s port
 * {@code peerPort}, at {@code line}/{@code column} of {@code path}.
 *
 * @param systemRole what the source says the local system is (a switch's own table, a host's lldpctl)
 * @param peerRole   what the peer advertised (LLDP capabilities), or {@link Role#UNSAID}
 * @param gbps       the port rate in Gbit/s when the source gives it, else 0
 */
public record LldpSighting(String system, String port, Role systemRole, String peer, String peerPort,
                           Role peerRole, int gbps, String path, int line, int column) {
    /** What a system is, as far as one source can tell. */
    public enum Role { SWITCH, HOST, UNSAID }

    public LldpSighting {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(port, "port");
        Objects.requireNonNull(peer, "peer");
        Objects.requireNonNull(peerPort, "peerPort");
    }
}
