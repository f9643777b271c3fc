package org.topoplanner.importers.hardware;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.topoplanner.importers.merge.NodeInsides;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.CableEnd;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.node.NodeTopology;

/**
 * A cluster's hosts grouped by what describes them, so each group can get its hardware at once:
 * hosts a per-host source describes (grouped by the source and what it says), hosts only the
 * fabric knows (grouped by their HCA and port pattern: "8 x mlx5 4xHDR ports"), and hosts nothing
 * describes. Groups come in the order of their first host.
 */
public final class HostGroups {
    private HostGroups() {
    }

    /** Groups by what the cluster says now. */
    public static List<HostGroup> of(Cluster cluster) {
        return of(cluster, HardwareAssignment.none());
    }

    /**
     * Groups by what the cluster says and what the files of a proposed assignment say about hosts
     * they name (a template or a file for a set of hosts does not describe a host by its name, so
     * it does not move the host out of its fabric group).
     */
    public static List<HostGroup> of(Cluster cluster, HardwareAssignment proposed) {
        Map<String, String> namedBy = new HashMap<>();
        for (HardwareRule r : proposed.rules()) {
            if (r.source() instanceof HardwareSource.Described d) {
                r.hosts().stream().filter(d.named()::containsKey).forEach(h -> namedBy.put(h, d.path() + ": "
                        + NodeInsides.summary(d.named().get(h).get(0).node())));
            }
        }
        Map<String, List<Cable>> cables = new HashMap<>();
        for (Cable c : cluster.fabric().cables()) {
            cables.computeIfAbsent(c.a().node(), k -> new ArrayList<>()).add(c);
            cables.computeIfAbsent(c.b().node(), k -> new ArrayList<>()).add(c);
        }
        Map<String, HostGroup.Kind> kinds = new LinkedHashMap<>();
        Map<String, List<String>> members = new LinkedHashMap<>();
        // hosts of one node-type file share one node: its summary is written once, not once per host
        Map<NodeTopology, String> summaries = new java.util.IdentityHashMap<>();
        for (String h : cluster.hostNames()) {
            NodeTopology n = cluster.node(h);
            HostGroup.Kind kind;
            String description;
            if (namedBy.containsKey(h)) {
                kind = HostGroup.Kind.DESCRIBED;
                description = namedBy.get(h);
            } else if (!NodeInsides.isUnknown(n)) {
                kind = HostGroup.Kind.DESCRIBED;
                description = summaries.computeIfAbsent(n, x -> "the cluster's sources: " + NodeInsides.summary(x));
            } else if (cables.containsKey(h)) {
                kind = HostGroup.Kind.PORT_PATTERN;
                description = ports(h, cables.get(h)) + " on the fabric";
            } else {
                kind = HostGroup.Kind.NOTHING;
                description = "nothing describes them";
            }
            kinds.putIfAbsent(description, kind);
            members.computeIfAbsent(description, k -> new ArrayList<>()).add(h);
        }
        List<HostGroup> groups = new ArrayList<>();
        members.forEach((description, hosts) -> groups.add(new HostGroup(kinds.get(description), description, hosts,
                HardwareTotals.of(cluster, hosts))));
        return groups;
    }

    /** "8 x mlx5 4xHDR ports", "2 x 4xQDR ports" (HCA unknown), counted per HCA family, width and speed. */
    static String ports(String host, List<Cable> cables) {
        Map<String, Integer> counts = new TreeMap<>();
        for (Cable c : cables) {
            CableEnd mine = c.endAt(host);
            String family = family(mine.hca());
            String rate = (c.width().isKnown() ? c.width().toString() : "")
                    + (c.speed() == LinkSpeed.UNKNOWN ? "" : c.speed().name());
            counts.merge((family + " " + rate).strip(), 1, Integer::sum);
        }
        List<String> parts = new ArrayList<>();
        counts.forEach((what, n) -> parts.add(n + " x " + (what.isEmpty() ? "" : what + " ") + (n == 1 ? "port"
                : "ports")));
        return String.join(", ", parts);
    }

    /** {@code mlx5_3} is of family {@code mlx5}: the number tells ports of one kind apart. */
    private static String family(String hca) {
        if (hca == null || hca.isBlank()) {
            return "";
        }
        int us = hca.lastIndexOf('_');
        return us > 0 && hca.substring(us + 1).chars().allMatch(Character::isDigit) ? hca.substring(0, us) : hca;
    }
}
