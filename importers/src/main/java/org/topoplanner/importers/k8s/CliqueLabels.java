package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.model.nvlink.DomainOrigin;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;

/**
 * The NVLink domains named by GPU Feature Discovery's {@code nvidia.com/gpu.clique} label, whose value
 * is {@code <ClusterUUID>.<CliqueId>} as {@code nvidia-smi -q} reports them for the node's GPUs (GFD
 * {@code internal/lm/imex.go}). Nodes with the same value share one multi-node NVLink domain.
 */
final class CliqueLabels {
    static final String CLIQUE_LABEL = "nvidia.com/gpu.clique";
    private static final Pattern VALUE = Pattern.compile("([0-9A-Fa-f-]{1,36})\\.(\\d{1,10})");

    private CliqueLabels() {
    }

    static NvlinkDomains of(List<LabelledNode> nodes, Diagnostics d) {
        List<NvlinkDomain> domains = new ArrayList<>();
        for (LabelledNode n : nodes) {
            String v = n.labels().get(CLIQUE_LABEL);
            if (v == null) {
                continue;
            }
            Matcher m = VALUE.matcher(v.strip());
            if (!m.matches()) {
                d.warning(n.line(), n.column(), "node " + n.name() + ": " + CLIQUE_LABEL + " '" + v
                        + "' is not <ClusterUUID>.<CliqueId>; the node is in no NVLink domain");
                continue;
            }
            domains.add(NvlinkDomain.ofClique(m.group(1).toLowerCase(java.util.Locale.ROOT),
                    Long.parseLong(m.group(2)), List.of(n.name()), DomainOrigin.CLIQUE_LABEL));
        }
        return NvlinkDomains.of(domains);
    }
}
