package org.topoplanner.importers.hardware;

import java.util.List;
import java.util.Objects;

/**
 * Hosts that one thing describes, to assign hardware to them at once.
 *
 * @param description what they share: "hgx.xml: 4 GPUs (NV18), 2 sockets, 32 cores" (a
 *                    rule's file naming them), "the cluster's sources: 8 GPUs ...", "1 x mlx5 4xQDR port
 *                    on the fabric", "nothing describes them"
 * @param hosts       in cluster order
 * @param totals      what the hosts add up to now
 */
public record HostGroup(Kind kind, String description, List<String> hosts, HardwareTotals totals) {
    /** What describes the hosts of a group. */
    public enum Kind {
        /** A per-host source: a rule's file naming them, or what the cluster already says about them. */
        DESCRIBED,
        /** Only the fabric: the same HCA and port pattern. */
        PORT_PATTERN,
        /** Nothing: no inside and no cable with a port. */
        NOTHING
    }

    public HostGroup {
        Objects.requireNonNull(kind, "kind");
        hosts = List.copyOf(hosts);
    }

    public int size() {
        return hosts.size();
    }

    /** The hosts as a Slurm hostlist, {@code node[0001-4096]}, for a rule or a message. */
    public String hostlist() {
        return HostNames.hostlist(hosts);
    }
}
