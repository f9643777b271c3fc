package org.topoplanner.importers.slurm;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.model.diag.Diagnostic;

/**
 * What a {@code topology.conf} says about its nodes, without the fabric being built: its findings, the
 * nodes its switches and blocks name (in the order the fabric would list them as hosts) and the nodes of
 * each switch in the file's order. For the export check, which reads back the file it wrote and needs no
 * more ({@link TopologyConfReader#reach}).
 */
public record TopologyReach(List<Diagnostic> diagnostics, List<String> hosts, Map<String, List<String>> nodesOfSwitch) {
    public TopologyReach {
        diagnostics = List.copyOf(diagnostics);
        hosts = List.copyOf(hosts);
        nodesOfSwitch = Collections.unmodifiableMap(new LinkedHashMap<>(nodesOfSwitch));
    }

    /** The switches whose {@code Nodes=} name {@code host}, in the file's order, as the fabric's {@code switchesOf}. */
    public List<String> switchesOf(String host) {
        List<String> out = new ArrayList<>();
        nodesOfSwitch.forEach((s, nodes) -> {
            if (nodes.contains(host)) {
                out.add(s);
            }
        });
        return out;
    }
}
