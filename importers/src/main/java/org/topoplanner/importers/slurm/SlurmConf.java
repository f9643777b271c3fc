package org.topoplanner.importers.slurm;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.slurm.NodeLine;

/**
 * What one or more {@code slurm.conf}-style files say, read in order so that {@code NodeName=DEFAULT}
 * values of an earlier file reach the node lines of a later one (as with {@code Include nodes.conf}).
 *
 * <p>Node lines become {@link NodeLine}s. Other multi-instance lines ({@code PartitionName=},
 * {@code NodeSet=}, {@code DownNodes=}, {@code FrontendName=}) are kept in the settings as
 * {@code PartitionName.<name>} with the rest of the line as written. Every other key is a
 * cluster-wide key, kept under Slurm's spelling when known ({@code TopologyPlugin}), else as written.
 */
final class SlurmConf {
    private static final Set<String> RECORD_KEYS = Set.of("partitionname", "nodeset", "downnodes", "frontendname");
    private static final List<String> KNOWN_KEYS = List.of("ClusterName", "SlurmctldHost", "ControlMachine",
            "TopologyPlugin", "TopologyParam", "SelectType", "SelectTypeParameters", "GresTypes", "SchedulerType",
            "SchedulerParameters", "PriorityType", "PreemptType", "PreemptMode", "TaskPlugin", "ProctrackType",
            "SwitchType", "MpiDefault", "DefMemPerCPU", "DefMemPerGPU", "DefCpuPerGPU", "MaxNodeCount",
            "SlurmdParameters", "AccountingStorageTRES", "AuthType", "SlurmUser", "StateSaveLocation",
            "SlurmctldPort", "SlurmdPort", "ReturnToService", "Include");

    private final Map<String, LocatedNodeLine> nodes = new LinkedHashMap<>();
    private final Map<String, String> keys = new LinkedHashMap<>();
    private final Map<String, String> keyFolded = new LinkedHashMap<>();
    private NodeLineBuilder lastBuilder;

    /** Reads one file into what was read before; problems go to {@code diagnostics} (tagged with its path). */
    void consume(SourceText source, Diagnostics diagnostics) {
        NodeLineBuilder builder = new NodeLineBuilder(source.path(), diagnostics);
        if (lastBuilder != null) {
            builder.withDefaults(lastBuilder);
        }
        lastBuilder = builder;
        for (SlurmConfLine line : SlurmConfLexer.lex(source.text(), diagnostics)) {
            if (line.include() != null) {
                diagnostics.info(line.line(), 1, "Include " + line.include()
                        + " is not followed; read that file too (or the whole folder)");
                continue;
            }
            int recordAt = recordStart(line);
            for (int i = 0; i < (recordAt < 0 ? line.pairs().size() : recordAt); i++) {
                globalKey(line.pairs().get(i), diagnostics);
            }
            if (recordAt < 0) {
                continue;
            }
            List<SlurmConfPair> rest = line.pairs().subList(recordAt, line.pairs().size());
            SlurmConfPair head = rest.get(0);
            if (head.is("NodeName")) {
                for (LocatedNodeLine n : builder.build(new SlurmConfLine(line.line(), rest, null))) {
                    LocatedNodeLine before = nodes.putIfAbsent(n.node().name(), n);
                    if (before != null) {
                        diagnostics.warning(head.valueLine(), head.valueColumn(), "node " + n.node().name()
                                + " is defined again (first at " + before.path() + ":" + before.line()
                                + "); the first definition is kept");
                    }
                }
            } else {
                StringBuilder sb = new StringBuilder();
                for (SlurmConfPair p : rest.subList(1, rest.size())) {
                    sb.append(sb.length() == 0 ? "" : " ").append(p.key()).append('=')
                            .append(p.value().matches(".*\\s.*") ? "\"" + p.value() + "\"" : p.value());
                }
                keys.put(canonicalRecord(head.key()) + "." + head.value(), sb.toString());
            }
        }
    }

    private static int recordStart(SlurmConfLine line) {
        for (int i = 0; i < line.pairs().size(); i++) {
            SlurmConfPair p = line.pairs().get(i);
            if (p.is("NodeName") || RECORD_KEYS.contains(p.folded())) {
                return i;
            }
        }
        return -1;
    }

    private static String canonicalRecord(String key) {
        return switch (key.toLowerCase(Locale.ROOT)) {
            case "partitionname" -> "PartitionName";
            case "nodeset" -> "NodeSet";
            case "downnodes" -> "DownNodes";
            default -> "FrontendName";
        };
    }

    private void globalKey(SlurmConfPair p, Diagnostics diagnostics) {
        String name = KNOWN_KEYS.stream().filter(p::is).findFirst().orElse(p.key());
        String previous = keyFolded.put(p.folded(), name);
        if (previous != null && keys.containsKey(previous) && !keys.get(previous).equals(p.value())) {
            diagnostics.info(p.line(), p.column(), p.key() + " is given again; Slurm uses the later value '"
                    + SlurmConfLexer.abbreviate(p.value()) + "'");
            keys.remove(previous);
        }
        keys.put(name, p.value());
    }

    Map<String, LocatedNodeLine> nodes() {
        return nodes;
    }

    Map<String, String> keys() {
        return keys;
    }

    List<NodeLine> nodeLines() {
        return nodes.values().stream().map(LocatedNodeLine::node).toList();
    }

    /** Weight and features per node; Slurm's default weight is 1. */
    Map<String, HostAttributes> hostAttributes() {
        Map<String, HostAttributes> out = new LinkedHashMap<>();
        nodes.forEach((h, n) -> out.put(h, new HostAttributes(n.node().weight() == null ? 1 : n.node().weight(),
                n.node().features())));
        return out;
    }
}
