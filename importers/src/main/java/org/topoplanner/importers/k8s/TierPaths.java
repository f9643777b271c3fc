package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.topoplanner.model.fabric.RailGroups;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.HostNode;
import org.topoplanner.model.fabric.SwitchNode;

/**
 * The fabric seen as a strict tree, which is all that node labels and HyperNodes can express: for
 * every host, the switch at each tier above it (its first switch, then each switch's first parent),
 * plus the reasons the tree is lossy (a host on several leaves, a switch with several parents, a
 * switch with no host below it).
 */
final class TierPaths {
    private final Map<String, Map<Integer, String>> byHost = new LinkedHashMap<>();
    private final Map<String, String> blockOf = new LinkedHashMap<>();
    private final List<Diagnostic> problems = new ArrayList<>();
    private final Fabric fabric;

    TierPaths(Cluster cluster) {
        this.fabric = RailGroups.collapse(cluster.fabric());
        for (HostNode h : fabric.hosts()) {
            Map<Integer, String> path = new TreeMap<>();
            List<String> switches = fabric.switchesOf(h.name());
            if (switches.size() > 1) {
                problems.add(Diagnostic.warning("", 0, 0, "host " + h.name() + " is cabled to " + switches.size()
                        + " switches " + switches + "; labels name only the first, " + switches.get(0)));
            }
            Set<String> seen = new HashSet<>();
            String at = switches.isEmpty() ? null : switches.get(0);
            while (at != null && seen.add(at)) {
                SwitchNode s = fabric.switchNamed(at).orElseThrow();
                if (s.tier() >= 1) {
                    path.putIfAbsent(s.tier(), at);
                }
                List<String> parents = fabric.parents(at);
                at = parents.isEmpty() ? null : parents.get(0);
            }
            byHost.put(h.name(), path);
        }
        for (SwitchNode s : fabric.switches()) {
            if (fabric.parents(s.name()).size() > 1) {
                String text = "switch " + s.name() + " has " + fabric.parents(s.name()).size() + " parents "
                        + fabric.parents(s.name()) + "; a label tree keeps only the first";
                // Spines that each reach the same hosts (a full fat tree) are one domain: nothing is lost.
                problems.add(interchangeableParents(fabric, s.name()) ? Diagnostic.info("", 0, 0, text
                        + ", which reaches the same hosts as the others") : Diagnostic.warning("", 0, 0, text));
            }
            if (s.tier() == 0 || fabric.hostsUnder(s.name()).isEmpty()) {
                problems.add(Diagnostic.warning("", 0, 0, "switch " + s.name() + " has no host below it; node labels"
                        + " cannot express it"));
            }
        }
        for (Block b : fabric.blocks()) {
            for (String n : b.nodes()) {
                String other = blockOf.putIfAbsent(n, b.name());
                if (other != null) {
                    problems.add(Diagnostic.warning("", 0, 0, "host " + n + " is in blocks " + other + " and "
                            + b.name() + "; a label keeps only the first"));
                }
            }
        }
    }

    /** True when every parent of {@code switchName} reaches exactly the same hosts, so any one names the domain. */
    static boolean interchangeableParents(Fabric fabric, String switchName) {
        List<String> parents = fabric.parents(switchName);
        if (parents.size() < 2) {
            return true;
        }
        Set<String> first = new HashSet<>(fabric.hostsUnder(parents.get(0)));
        for (String p : parents.subList(1, parents.size())) {
            if (!first.equals(new HashSet<>(fabric.hostsUnder(p)))) {
                return false;
            }
        }
        return true;
    }

    /** Tier to switch name, from tier 1 up, for every host in fabric order. */
    Map<String, Map<Integer, String>> byHost() {
        return byHost;
    }

    /** The NVLink block of each host that has one. */
    Map<String, String> blockOf() {
        return blockOf;
    }

    int maxTier() {
        return fabric.maxTier();
    }

    List<Diagnostic> problems() {
        return problems;
    }

    /** A string as a YAML double-quoted scalar (JSON escaping is valid YAML), so no value changes type. */
    static String quoted(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                case '\r' -> b.append("\\r");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
