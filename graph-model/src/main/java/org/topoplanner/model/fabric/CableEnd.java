package org.topoplanner.model.fabric;

import java.util.Objects;

/**
 * One end of a cable.
 *
 * @param node the switch or host name
 * @param port the port number on that switch or HCA; 0 when the source does not say
 * @param hca  on a host, the HCA device ({@code mlx5_0}); {@code null} on a switch or when unknown
 * @param guid the port or node GUID when the source gives it, else {@code null}
 */
public record CableEnd(String node, int port, String hca, String guid) {
    public CableEnd {
        Objects.requireNonNull(node, "node");
        if (port < 0) {
            throw new IllegalArgumentException("negative port on " + node);
        }
    }

    public static CableEnd of(String node, int port) {
        return new CableEnd(node, port, null, null);
    }
}
