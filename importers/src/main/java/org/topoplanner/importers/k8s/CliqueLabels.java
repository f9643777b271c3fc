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
 * {@code internal/lm/imex.go}), or a domain's name where no clique is known (a designed rack or a
 * block, as {@link NodeLabelsWriter} writes it). Nodes with the same value share one NVLink domain.
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
                // Our own export names a designed rack or a block domain by its name (nvl72-1).
                if (LabelSyntax.isValue(v.strip()) && !v.isBlank()) {
                    domains.add(NvlinkDomain.ofBlock(v.strip(), List.of(n.name()), DomainOrigin.CLIQUE_LABEL));
                } else {
                    d.warning(n.line(), n.column(), "node " + n.name() + ": " + CLIQUE_LABEL + " '" + v
                            + "' is neither <ClusterUUID>.<CliqueId> nor a label value; the node is in no NVLink domain");
                }
                continue;
            }
            domains.add(NvlinkDomain.ofClique(m.group(1).toLowerCase(java.util.Locale.ROOT),
                    Long.parseLong(m.group(2)), List.of(n.name()), DomainOrigin.CLIQUE_LABEL));
        }
        return NvlinkDomains.of(domains);
    }
}
