package org.topoplanner.model.project;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NumaNode;
import org.topoplanner.model.node.NvSwitch;
import org.topoplanner.model.node.PciKind;
import org.topoplanner.model.node.PciNode;

/** A node's inside as a JSON object of the project format (also the format of shipped node templates). */
public final class NodeTopologyJson {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    /**
     * Templates are read with the parser alone ({@link JsonTree}), not an {@code ObjectMapper}: making a mapper
     * loads ~380 databind classes, a fifth of what a {@code compare} with {@code --hardware} loaded. The factory
     * keeps the mapper's default limits, so what a template may hold is unchanged.
     */
    private static final JsonFactory PARSERS = new JsonFactory();

    private NodeTopologyJson() {
    }

    public static ObjectNode write(NodeTopology t) {
        ObjectNode o = F.objectNode();
        putNullable(o, "model", t.model());
        putNullable(o, "sockets", t.sockets());
        putNullable(o, "numaNodes", t.numaNodes());
        putNullable(o, "cores", t.cores());
        putNullable(o, "threads", t.threads());
        ArrayNode cores = o.putArray("coreList");
        for (Core c : t.coreList()) {
            cores.addObject().put("id", c.id()).put("socket", c.socket()).put("numa", c.numa())
                    .put("pus", c.pus().toString());
        }
        ArrayNode numa = o.putArray("numa");
        for (NumaNode n : t.numa()) {
            numa.addObject().put("id", n.id()).put("socket", n.socket()).put("cpus", n.cpus().toString())
                    .put("memoryMiB", n.memoryMiB());
        }
        ArrayNode pci = o.putArray("pci");
        for (PciNode p : t.pci()) {
            ObjectNode po = pci.addObject().put("id", p.id()).put("kind", p.kind().name());
            putNullable(po, "parent", p.parent());
            po.put("numa", p.numa());
            putNullable(po, "busId", p.busId());
        }
        ArrayNode gpus = o.putArray("gpus");
        for (Gpu g : t.gpus()) {
            ObjectNode go = gpus.addObject().put("id", g.id()).put("index", g.index());
            putNullable(go, "model", g.model());
            ArrayNode nn = go.putArray("numaNodes");
            g.numaNodes().forEach(nn::add);
            go.put("cpus", g.cpus().toString());
            putNullable(go, "pciParent", g.pciParent());
            putNullable(go, "busId", g.busId());
            putNullable(go, "memoryNuma", g.memoryNuma());
        }
        ArrayNode nics = o.putArray("nics");
        for (Nic n : t.nics()) {
            ObjectNode no = nics.addObject().put("id", n.id());
            putNullable(no, "device", n.device());
            ArrayNode nn = no.putArray("numaNodes");
            n.numaNodes().forEach(nn::add);
            putNullable(no, "pciParent", n.pciParent());
            putNullable(no, "busId", n.busId());
            putNullable(no, "netdev", n.netdev());
        }
        ArrayNode nvs = o.putArray("nvSwitches");
        for (NvSwitch s : t.nvSwitches()) {
            ObjectNode so = nvs.addObject().put("id", s.id());
            putNullable(so, "busId", s.busId());
            putNullable(so, "pciParent", s.pciParent());
        }
        ArrayNode links = o.putArray("links");
        for (DeviceLink l : t.links()) {
            ObjectNode lo = links.addObject().put("a", l.a()).put("b", l.b()).put("kind", l.kind().name());
            putNullable(lo, "count", l.count());
        }
        // only templates carry power; a node without figures is written as before, so older files stay identical
        if (!t.power().isEmpty()) {
            o.set("power", PowerJson.write(t.power()));
        }
        return o;
    }

    /** Reads a node template or a node type written by {@link #write}. */
    public static NodeTopology parse(String text, String path) throws ProjectFormatException {
        com.fasterxml.jackson.databind.JsonNode root;
        try {
            root = JsonTree.parse(PARSERS, text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            var loc = e.getLocation();
            throw new ProjectFormatException(List.of(org.topoplanner.model.diag.Diagnostic.error(path,
                    loc == null ? 1 : Math.max(1, loc.getLineNr()), loc == null ? 1 : Math.max(1, loc.getColumnNr()),
                    "not a node topology: " + e.getOriginalMessage())));
        }
        try {
            return read(new JsonFields(root, ""));
        } catch (JsonShapeException e) {
            int[] loc = JsonLocations.index(text).at(e.pointer());
            throw new ProjectFormatException(List.of(org.topoplanner.model.diag.Diagnostic.error(path, loc[0], loc[1],
                    e.getMessage())));
        }
    }

    static NodeTopology read(JsonFields o) {
        List<Core> cores = new ArrayList<>();
        for (JsonFields c : o.objects("coreList")) {
            cores.add(new Core(c.integer("id"), c.integer("socket"), c.integer("numa"), cpus(c, "pus")));
        }
        List<NumaNode> numa = new ArrayList<>();
        for (JsonFields n : o.objects("numa")) {
            numa.add(new NumaNode(n.integer("id"), n.integer("socket"), cpus(n, "cpus"), n.optLong("memoryMiB", 0)));
        }
        List<PciNode> pci = new ArrayList<>();
        for (JsonFields p : o.objects("pci")) {
            pci.add(guard(p, "kind", () -> new PciNode(p.string("id"), PciKind.valueOf(p.string("kind")),
                    p.optString("parent"), p.optInt("numa", 0), p.optString("busId"))));
        }
        List<Gpu> gpus = new ArrayList<>();
        for (JsonFields g : o.objects("gpus")) {
            gpus.add(new Gpu(g.string("id"), g.integer("index"), g.optString("model"), g.integers("numaNodes"),
                    cpus(g, "cpus"), g.optString("pciParent"), g.optString("busId"), g.optInteger("memoryNuma")));
        }
        List<Nic> nics = new ArrayList<>();
        for (JsonFields n : o.objects("nics")) {
            nics.add(new Nic(n.string("id"), n.optString("device"), n.integers("numaNodes"), n.optString("pciParent"),
                    n.optString("busId"), n.optString("netdev")));
        }
        List<NvSwitch> nvs = new ArrayList<>();
        for (JsonFields s : o.objects("nvSwitches")) {
            nvs.add(new NvSwitch(s.string("id"), s.optString("busId"), s.optString("pciParent")));
        }
        List<DeviceLink> links = new ArrayList<>();
        for (JsonFields l : o.objects("links")) {
            links.add(guard(l, "kind", () -> new DeviceLink(l.string("a"), l.string("b"),
                    LinkKind.valueOf(l.string("kind")), l.optInteger("count"))));
        }
        return new NodeTopology(o.optString("model"), o.optInteger("sockets"), o.optInteger("numaNodes"),
                o.optInteger("cores"), o.optInteger("threads"), cores, numa, pci, gpus, nics, nvs, links,
                PowerJson.read(o, "power"));
    }

    private static CpuSet cpus(JsonFields o, String field) {
        String s = o.has(field) ? o.string(field) : "";
        try {
            return CpuSet.parse(s);
        } catch (IllegalArgumentException e) {
            throw new JsonShapeException(o.pointer(field), "not a CPU list at " + o.pointer(field) + ": " + s);
        }
    }

    /** Turns a model constructor's refusal into a located message. */
    static <T> T guard(JsonFields o, String field, java.util.function.Supplier<T> make) {
        try {
            return make.get();
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new JsonShapeException(o.pointer(field), e.getMessage() == null ? "invalid value at " + o.pointer(field)
                    : e.getMessage() + " (at " + JsonFields.display(o.pointer(field)) + ")");
        }
    }

    static void putNullable(ObjectNode o, String field, Object value) {
        if (value == null) {
            o.putNull(field);
        } else if (value instanceof Integer i) {
            o.put(field, i);
        } else if (value instanceof Long l) {
            o.put(field, l);
        } else {
            o.put(field, value.toString());
        }
    }
}
