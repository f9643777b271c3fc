package org.topoplanner.model.project;

import static org.topoplanner.model.project.NodeTopologyJson.putNullable;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.nvlink.DomainOrigin;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;
import org.topoplanner.model.nvlink.RackDesign;

/**
 * The multi-node NVLink domains of a cluster in the project format: an array {@code nvlinkDomains} of
 * objects with {@code name}, {@code clusterUuid}, {@code cliqueId}, {@code hosts}, {@code imexDomain},
 * {@code origin} and the rack {@code design} (its figures written out, so a file stays readable after
 * the planner learns new designs). Only the domains the sources name are stored; those the fabric's
 * blocks imply are derived again on reading.
 */
final class NvlinkJson {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private NvlinkJson() {
    }

    static ArrayNode write(NvlinkDomains domains) {
        ArrayNode a = F.arrayNode();
        for (NvlinkDomain d : domains.all()) {
            ObjectNode o = a.addObject().put("name", d.name());
            putNullable(o, "clusterUuid", d.clusterUuid());
            if (d.cliqueId() == null) {
                o.putNull("cliqueId");
            } else {
                o.put("cliqueId", d.cliqueId());
            }
            ArrayNode hosts = o.putArray("hosts");
            d.hosts().forEach(hosts::add);
            putNullable(o, "imexDomain", d.imexDomain());
            o.put("origin", d.origin().name());
            if (d.design() == null) {
                o.putNull("design");
            } else {
                RackDesign r = d.design();
                o.putObject("design").put("name", r.name()).put("computeTrays", r.computeTrays())
                        .put("gpusPerTray", r.gpusPerTray()).put("nvswitchTrays", r.nvswitchTrays())
                        .put("gpuNvlinkGBps", r.gpuNvlinkGBps());
            }
        }
        return a;
    }

    static NvlinkDomains read(JsonFields cluster) {
        if (!cluster.has("nvlinkDomains")) {
            return NvlinkDomains.none();
        }
        List<NvlinkDomain> out = new ArrayList<>();
        for (JsonFields d : cluster.objects("nvlinkDomains")) {
            String originName = d.string("origin");
            DomainOrigin origin = java.util.Arrays.stream(DomainOrigin.values())
                    .filter(v -> v.name().equals(originName)).findFirst()
                    .orElseThrow(() -> new JsonShapeException(d.pointer("origin"), "unknown domain origin '"
                            + originName + "' at " + d.pointer("origin")));
            RackDesign design = d.has("design") ? design(d.object("design")) : null;
            out.add(new NvlinkDomain(d.string("name"), d.optString("clusterUuid"), d.optLongObject("cliqueId"),
                    d.strings("hosts"), d.optString("imexDomain"), design, origin));
        }
        return NvlinkDomains.of(out);
    }

    private static RackDesign design(JsonFields r) {
        return NodeTopologyJson.guard(r, "computeTrays", () -> new RackDesign(r.string("name"),
                r.integer("computeTrays"), r.integer("gpusPerTray"), r.integer("nvswitchTrays"),
                r.integer("gpuNvlinkGBps")));
    }
}
