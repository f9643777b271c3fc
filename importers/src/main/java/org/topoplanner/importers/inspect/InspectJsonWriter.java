package org.topoplanner.importers.inspect;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.CableEnd;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.HostNode;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.fabric.SwitchNode;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.project.SettingsJson;

/**
 * The normalized model as the {@code topoplanner.inspect/1} JSON document {@code inspect --json}
 * prints: every key present ({@code null} or empty where the sources say nothing), names as the
 * sources spell them, CPU sets as canonical range strings, so documents of different sources can be compared.
 */
public final class InspectJsonWriter {
    public static final String SCHEMA = "topoplanner.inspect/1";
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public String write(Cluster cluster, List<InspectSource> sources, List<Diagnostic> diagnostics) {
        try {
            return mapper.writeValueAsString(tree(cluster, sources, diagnostics)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree that cannot be written", e);
        }
    }

    public ObjectNode tree(Cluster cluster, List<InspectSource> sources, List<Diagnostic> diagnostics) {
        ObjectNode root = F.objectNode();
        root.put("schema", SCHEMA);
        ArrayNode src = root.putArray("sources");
        sources.forEach(s -> src.addObject().put("path", s.path()).put("format", s.format().id()));
        ArrayNode diags = root.putArray("diagnostics");
        for (Diagnostic d : diagnostics) {
            diags.addObject().put("severity", d.severity().word()).put("path", d.path()).put("line", d.line())
                    .put("column", d.column()).put("message", d.message());
        }
        root.set("fabric", fabric(cluster.fabric()));
        root.set("nvlinkDomains", NvlinkDomainsJson.of(cluster));
        ArrayNode nodes = root.putArray("nodes");
        cluster.nodes().forEach((name, topo) -> nodes.add(node(name, topo)));
        // the settings in the project file's shape: one serialisation of them, a superset of the keys the command-line reference documents
        root.set("kubernetes", SettingsJson.writeKubernetes(cluster.kubernetes()));
        root.set("slurm", SettingsJson.writeSlurm(cluster.slurm()));
        return root;
    }

    private static ObjectNode fabric(Fabric f) {
        ObjectNode o = F.objectNode();
        ArrayNode switches = o.putArray("switches");
        for (SwitchNode s : f.switches()) {
            ObjectNode so = switches.addObject().put("name", s.name());
            nullable(so, "guid", s.guid());
            so.put("tier", s.tier());
            strings(so.putArray("parents"), f.parents(s.name()));
            strings(so.putArray("children"), f.children(s.name()));
        }
        // Index host cables once: scanning every cable per host is quadratic on a 16,384-host fabric.
        Map<String, List<Cable>> cablesOfHost = new java.util.HashMap<>();
        for (Cable c : f.cables()) {
            for (String end : List.of(c.a().node(), c.b().node())) {
                if (f.hasHost(end)) {
                    cablesOfHost.computeIfAbsent(end, k -> new java.util.ArrayList<>()).add(c);
                }
            }
        }
        ArrayNode hosts = o.putArray("hosts");
        for (HostNode h : f.hosts()) {
            ObjectNode ho = hosts.addObject().put("name", h.name());
            strings(ho.putArray("switches"), f.switchesOf(h.name()));
            ArrayNode ports = ho.putArray("ports");
            for (Cable c : cablesOfHost.getOrDefault(h.name(), List.of())) {
                CableEnd mine = c.endAt(h.name());
                CableEnd other = c.otherEnd(h.name());
                ObjectNode po = ports.addObject();
                nullable(po, "hca", mine.hca());
                nullable(po, "guid", mine.guid());
                po.put("switch", other.node());
                nullableInt(po, "switchPort", other.port());
                width(po, c);
            }
        }
        ArrayNode links = o.putArray("links");
        for (Cable c : f.cables()) {
            if (f.hasHost(c.a().node()) || f.hasHost(c.b().node())) {
                continue;
            }
            ObjectNode lo = links.addObject().put("a", c.a().node());
            nullableInt(lo, "aPort", c.a().port());
            lo.put("b", c.b().node());
            nullableInt(lo, "bPort", c.b().port());
            width(lo, c);
        }
        ArrayNode blocks = o.putArray("blocks");
        for (Block b : f.blocks()) {
            strings(blocks.addObject().put("name", b.name()).putArray("nodes"), b.nodes());
        }
        ArrayNode sizes = o.putArray("blockSizes");
        f.blockSizes().forEach(sizes::add);
        return o;
    }

    private static void width(ObjectNode o, Cable c) {
        nullable(o, "width", c.width().isKnown() ? c.width().toString() : null);
        nullable(o, "speed", c.speed() == LinkSpeed.UNKNOWN ? null : c.speed().name());
    }

    private static ObjectNode node(String name, NodeTopology t) {
        ObjectNode o = F.objectNode().put("name", name);
        nullable(o, "model", t.model());
        nullableInteger(o, "sockets", t.sockets());
        nullableInteger(o, "numaNodes", t.numaNodes());
        nullableInteger(o, "cores", t.cores());
        nullableInteger(o, "threads", t.threads());
        ArrayNode gpus = o.putArray("gpus");
        for (Gpu g : t.gpus()) {
            ObjectNode go = gpus.addObject().put("id", g.id());
            nullable(go, "model", g.model());
            ArrayNode numa = go.putArray("numaNodes");
            g.numaNodes().forEach(numa::add);
            go.put("cpus", g.cpus().toString());
            nullableInteger(go, "memoryNuma", g.memoryNuma());
        }
        ArrayNode nics = o.putArray("nics");
        for (Nic n : t.nics()) {
            ObjectNode no = nics.addObject().put("id", n.id());
            nullable(no, "device", n.device());
            ArrayNode numa = no.putArray("numaNodes");
            n.numaNodes().forEach(numa::add);
        }
        ArrayNode links = o.putArray("links");
        for (DeviceLink l : t.links()) {
            ObjectNode lo = links.addObject().put("a", l.a()).put("b", l.b()).put("kind", l.kind().name());
            nullableInteger(lo, "count", l.count());
        }
        return o;
    }

    private static void strings(ArrayNode a, List<String> values) {
        values.forEach(a::add);
    }

    private static void nullable(ObjectNode o, String key, String value) {
        if (value == null) {
            o.putNull(key);
        } else {
            o.put(key, value);
        }
    }

    private static void nullableInteger(ObjectNode o, String key, Integer value) {
        if (value == null) {
            o.putNull(key);
        } else {
            o.put(key, value);
        }
    }

    /** Port 0 means "the source does not say". */
    private static void nullableInt(ObjectNode o, String key, int value) {
        if (value == 0) {
            o.putNull(key);
        } else {
            o.put(key, value);
        }
    }
}
