package org.topoplanner.importers.merge;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.NodeTopology;

/**
 * One line on what a source says, to set sources side by side in a conflict. The lines hold the
 * counts the merge compares, so two sources that disagree read differently.
 */
final class SourceSummary {
    private SourceSummary() {
    }

    /** "7 switches (tiers 1/2/3: 4/2/1), 32 hosts". */
    static String fabric(Fabric f) {
        Map<Integer, Integer> perTier = new TreeMap<>();
        f.switches().forEach(s -> perTier.merge(s.tier(), 1, Integer::sum));
        String tiers = perTier.size() < 2 ? "" : " (tiers " + join(perTier.keySet()) + ": " + join(perTier.values())
                + ")";
        return f.switches().size() + " switches" + tiers + ", " + FabricMerger.hostNames(f).size() + " hosts";
    }

    /** "8 GPUs (NV12), 2 sockets, 128 cores, 256 threads, 8 NUMA nodes"; what the source does not know is left out. */
    static String inside(NodeTopology n) {
        List<String> parts = new ArrayList<>();
        TreeSet<Integer> lanes = new TreeSet<>();
        for (DeviceLink l : n.links()) {
            if (l.kind() == LinkKind.NV) {
                lanes.add(l.count());
            }
        }
        parts.add(n.gpus().size() + " GPUs" + (lanes.isEmpty() ? ""
                : " (" + String.join("/", lanes.stream().map(c -> "NV" + c).toList()) + ")"));
        if (n.sockets() != null) {
            parts.add(n.sockets() + " sockets");
        }
        if (n.cores() != null) {
            parts.add(n.cores() + " cores");
        }
        if (n.threads() != null && !n.threads().equals(n.cores())) {
            parts.add(n.threads() + " threads");
        }
        if (n.numaNodes() != null) {
            parts.add(n.numaNodes() + " NUMA nodes");
        }
        return String.join(", ", parts);
    }

    private static String join(Iterable<Integer> xs) {
        List<String> out = new ArrayList<>();
        xs.forEach(x -> out.add(String.valueOf(x)));
        return String.join("/", out);
    }
}
