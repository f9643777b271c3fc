package org.topoplanner.importers.inspect;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.nvlink.NvlinkDomain;

/**
 * The {@code nvlinkDomains} of {@code inspect --json}: every multi-node NVLink domain the cluster has
 * (those the sources name and the fabric's blocks), each with its clique, origin, rack design and hosts
 * as a Slurm hostlist.
 */
final class NvlinkDomainsJson {
    private NvlinkDomainsJson() {
    }

    static ArrayNode of(Cluster cluster) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        for (NvlinkDomain d : cluster.nvlinkDomains().all()) {
            ObjectNode o = out.addObject().put("name", d.name());
            if (d.clusterUuid() == null) {
                o.putNull("clusterUuid");
            } else {
                o.put("clusterUuid", d.clusterUuid());
            }
            if (d.cliqueId() == null) {
                o.putNull("cliqueId");
            } else {
                o.put("cliqueId", d.cliqueId());
            }
            o.put("origin", d.origin().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
            if (d.design() == null) {
                o.putNull("design");
            } else {
                o.put("design", d.design().name());
            }
            o.put("hostCount", d.hosts().size());
            o.put("hosts", Hostlist.compress(d.hosts()));
        }
        return out;
    }
}
