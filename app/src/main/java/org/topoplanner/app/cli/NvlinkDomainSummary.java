package org.topoplanner.app.cli;

import java.util.Map;
import java.util.TreeMap;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;

/**
 * The {@code inspect} lines about multi-node NVLink domains: how many, of which origin and size, and
 * each domain (the first ones, on a cluster of many racks) with its clique and hosts.
 */
final class NvlinkDomainSummary {
    private static final int LISTED = 8;

    private NvlinkDomainSummary() {
    }

    static String text(Cluster c) {
        NvlinkDomains domains = c.nvlinkDomains();
        if (domains.isEmpty()) {
            return "";
        }
        Map<String, Integer> kinds = new TreeMap<>();
        for (NvlinkDomain d : domains.all()) {
            String kind = d.origin().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')
                    + (d.design() == null ? "" : ", " + d.design().name());
            kinds.merge(kind, 1, Integer::sum);
        }
        StringBuilder sb = new StringBuilder("NVLink domains: ").append(domains.size()).append(" (");
        sb.append(String.join("; ", kinds.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).toList()));
        sb.append(")\n");
        int shown = 0;
        for (NvlinkDomain d : domains.all()) {
            if (shown++ == LISTED) {
                sb.append("  ... ").append(domains.size() - LISTED).append(" more\n");
                break;
            }
            sb.append("  ").append(d.name()).append(": ").append(d.hosts().size()).append(" hosts ")
                    .append(Hostlist.compress(d.hosts()));
            if (d.cliqueId() != null) {
                sb.append(" (clique ").append(d.cliqueId()).append(')');
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
