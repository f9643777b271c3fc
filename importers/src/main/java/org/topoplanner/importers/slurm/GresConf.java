package org.topoplanner.importers.slurm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.SourceText;

/**
 * The parsed content of one {@code gres.conf}: its GRES lines with their places, and its
 * {@code AutoDetect=} settings (global, and per node hostlist as written).
 */
record GresConf(List<LocatedGresLine> lines, Map<String, String> autoDetect) {

    /** The key under which a line's {@code AutoDetect=} is kept in the Slurm settings. */
    static final String AUTODETECT_KEY = "AutoDetect";

    static GresConf parse(SourceText source, Diagnostics diagnostics) {
        GresLineParser parser = new GresLineParser(source.path(), diagnostics);
        List<LocatedGresLine> lines = new ArrayList<>();
        Map<String, String> autoDetect = new LinkedHashMap<>();
        for (SlurmConfLine line : SlurmConfLexer.lex(source.text(), diagnostics)) {
            if (line.include() != null) {
                diagnostics.warning(line.line(), 1, "Include " + line.include() + " is not followed");
                continue;
            }
            LocatedGresLine g = parser.parse(line);
            if (g != null) {
                lines.add(g);
            } else if (line.has("AutoDetect") && !line.has("Name")) {
                String nodes = line.value("NodeName");
                String key = nodes == null ? AUTODETECT_KEY : AUTODETECT_KEY + "[" + nodes + "]";
                String before = autoDetect.put(key, line.value("AutoDetect"));
                if (before != null && !before.equalsIgnoreCase(line.value("AutoDetect"))) {
                    diagnostics.warning(line.line(), 1, "second " + key + "=" + line.value("AutoDetect")
                            + " differs from the first (" + before + "): slurmd stops (fatal) on a node-local one");
                }
            }
        }
        return new GresConf(List.copyOf(lines), Map.copyOf(autoDetect));
    }

    /** Nodes named by any line, in order of first mention. */
    Set<String> namedHosts() {
        Set<String> hosts = new LinkedHashSet<>();
        lines.forEach(l -> hosts.addAll(l.gres().nodes()));
        return hosts;
    }

    List<LocatedGresLine> linesFor(String host) {
        return lines.stream().filter(l -> l.appliesTo(host)).toList();
    }

    boolean hasGlobalLines() {
        return lines.stream().anyMatch(l -> l.gres().nodes().isEmpty());
    }

    boolean autoDetects() {
        return autoDetect.values().stream().anyMatch(v -> !v.equalsIgnoreCase("off"));
    }
}
