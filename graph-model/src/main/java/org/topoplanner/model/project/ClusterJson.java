package org.topoplanner.model.project;

import static org.topoplanner.model.project.NodeTopologyJson.putNullable;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.CableEnd;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.fabric.LinkWidth;
import org.topoplanner.model.fabric.SwitchNode;
import org.topoplanner.model.k8s.KubernetesSettings;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.slurm.SlurmSettings;

/**
 * A cluster as a JSON object of the project format. Identical node insides are written once under
 * {@code nodeTypes} and referenced by name, so a 16,384-host cluster of one node type stays small.
 */
public final class ClusterJson {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private ClusterJson() {
    }

    public static ObjectNode write(Cluster c) {
        ObjectNode o = F.objectNode();
        o.put("name", c.name());
        o.set("fabric", writeFabric(c.fabric()));
        Map<NodeTopology, String> typeNames = new LinkedHashMap<>();
        ObjectNode types = F.objectNode();
        for (NodeTopology t : c.nodes().values()) {
            if (!typeNames.containsKey(t)) {
                String name = typeName(t, typeNames.size() + 1, types);
                typeNames.put(t, name);
                types.set(name, NodeTopologyJson.write(t));
            }
        }
        ArrayNode hosts = o.putArray("hosts");
        Set<String> names = new LinkedHashSet<>(c.nodes().keySet());
        names.addAll(c.hosts().keySet());
        for (String h : names) {
            ObjectNode ho = hosts.addObject().put("name", h);
            NodeTopology t = c.nodes().get(h);
            putNullable(ho, "nodeType", t == null ? null : typeNames.get(t));
            HostAttributes a = c.hosts().get(h);
            if (a == null) {
                ho.putNull("attributes");
            } else {
                ObjectNode ao = ho.putObject("attributes").put("weight", a.weight());
                ArrayNode f = ao.putArray("features");
                a.features().forEach(f::add);
            }
        }
        o.set("nodeTypes", types);
        o.set("slurm", SettingsJson.writeSlurm(c.slurm()));
        o.set("kubernetes", SettingsJson.writeKubernetes(c.kubernetes()));
        if (!c.nvlink().isEmpty()) {
            o.set("nvlinkDomains", NvlinkJson.write(c.nvlink()));
        }
        return o;
    }

    private static String typeName(NodeTopology t, int ordinal, ObjectNode taken) {
        String base = t.model() == null ? "type" : t.model().toLowerCase(java.util.Locale.ROOT)
                .replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        if (base.isEmpty()) {
            base = "type";
        }
        String name = base;
        int n = ordinal;
        while (taken.has(name)) {
            name = base + "-" + n++;
        }
        return name;
    }

    static ObjectNode writeFabric(Fabric f) {
        ObjectNode o = F.objectNode();
        ArrayNode sw = o.putArray("switches");
        for (SwitchNode s : f.switches()) {
            ObjectNode so = sw.addObject().put("name", s.name());
            putNullable(so, "guid", s.guid());
            putNullable(so, "description", s.description());
            so.put("tier", s.tier());
        }
        ArrayNode hosts = o.putArray("hosts");
        f.hosts().forEach(h -> hosts.add(h.name()));
        ArrayNode cables = o.putArray("cables");
        for (Cable c : f.cables()) {
            ObjectNode co = cables.addObject();
            writeEnd(co, "a", c.a());
            writeEnd(co, "b", c.b());
            co.put("width", c.width().lanes());
            co.put("speed", c.speed().name());
        }
        ArrayNode blocks = o.putArray("blocks");
        for (Block b : f.blocks()) {
            ArrayNode nodes = blocks.addObject().put("name", b.name()).putArray("nodes");
            b.nodes().forEach(nodes::add);
        }
        ArrayNode sizes = o.putArray("blockSizes");
        f.blockSizes().forEach(sizes::add);
        return o;
    }

    private static void writeEnd(ObjectNode co, String side, CableEnd e) {
        co.put(side, e.node());
        co.put(side + "Port", e.port());
        putNullable(co, side + "Hca", e.hca());
        putNullable(co, side + "Guid", e.guid());
    }

    static Cluster read(JsonFields o) {
        Fabric fabric = readFabric(o.object("fabric"));
        Map<String, NodeTopology> types = new LinkedHashMap<>();
        JsonFields typesObj = o.object("nodeTypes");
        for (String name : o.keysOf("nodeTypes")) {
            types.put(name, NodeTopologyJson.read(typesObj.object(name)));
        }
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        Map<String, HostAttributes> attrs = new LinkedHashMap<>();
        for (JsonFields h : o.objects("hosts")) {
            String name = h.string("name");
            String type = h.optString("nodeType");
            if (type != null) {
                NodeTopology t = types.get(type);
                if (t == null) {
                    throw new JsonShapeException(h.pointer("nodeType"), "host " + name + " names node type '" + type
                            + "', which nodeTypes does not define");
                }
                nodes.put(name, t);
            }
            if (h.has("attributes")) {
                JsonFields a = h.object("attributes");
                attrs.put(name, new HostAttributes(a.optInt("weight", 1), a.strings("features")));
            }
        }
        SlurmSettings slurm = o.has("slurm") ? SettingsJson.readSlurm(o.object("slurm")) : SlurmSettings.empty();
        KubernetesSettings k8s = o.has("kubernetes") ? SettingsJson.readKubernetes(o.object("kubernetes"))
                : KubernetesSettings.empty();
        return new Cluster(o.string("name"), fabric, nodes, attrs, slurm, k8s, NvlinkJson.read(o));
    }

    static Fabric readFabric(JsonFields o) {
        FabricBuilder b = new FabricBuilder();
        Map<String, Integer> tiers = new LinkedHashMap<>();
        Set<String> seen = new java.util.HashSet<>();
        for (JsonFields s : o.objects("switches")) {
            String name = s.string("name");
            if (!seen.add(name)) {
                throw new JsonShapeException(s.pointer("name"), "switch " + name + " is listed twice");
            }
            b.addSwitch(name, s.optString("guid"), s.optString("description"));
            tiers.put(name, s.optInt("tier", 0));
        }
        List<String> hostNames = o.strings("hosts");
        for (int i = 0; i < hostNames.size(); i++) {
            String h = hostNames.get(i);
            if (!seen.add(h)) {
                throw new JsonShapeException(o.pointer("hosts") + "/" + i, "name " + h + " is used twice in the fabric");
            }
            b.addHost(h);
        }
        List<JsonFields> cables = o.objects("cables");
        for (JsonFields c : cables) {
            Cable cable = NodeTopologyJson.guard(c, "a", () -> new Cable(readEnd(c, "a"), readEnd(c, "b"),
                    new LinkWidth(c.optInt("width", 0)), LinkSpeed.fromToken(c.optString("speed"))));
            if (!b.cable(cable)) {
                throw new JsonShapeException(c.pointer("a"), "cable between " + cable.a().node() + " and "
                        + cable.b().node() + " names a node the fabric does not list");
            }
        }
        for (JsonFields bl : o.objects("blocks")) {
            b.block(new Block(bl.string("name"), bl.strings("nodes")));
        }
        b.blockSizes(o.integers("blockSizes"));
        return b.tiers(tiers).build();
    }

    private static CableEnd readEnd(JsonFields c, String side) {
        return new CableEnd(c.string(side), c.optInt(side + "Port", 0), c.optString(side + "Hca"),
                c.optString(side + "Guid"));
    }
}
