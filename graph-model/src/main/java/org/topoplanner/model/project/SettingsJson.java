package org.topoplanner.model.project;

import static org.topoplanner.model.project.NodeTopologyJson.putNullable;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.model.k8s.HyperNode;
import org.topoplanner.model.k8s.HyperNodeMember;
import org.topoplanner.model.k8s.KubernetesSettings;
import org.topoplanner.model.k8s.KueueTopology;
import org.topoplanner.model.k8s.ResourceFlavor;
import org.topoplanner.model.slurm.GresLine;
import org.topoplanner.model.slurm.NodeLine;
import org.topoplanner.model.slurm.SlurmSettings;
import org.topoplanner.model.slurm.SlurmTopology;
import org.topoplanner.model.fabric.Block;

/**
 * The Slurm and Kubernetes settings of a cluster as JSON, in the one shape both documents use that
 * carry them: the project file ({@code cluster.slurm}, {@code cluster.kubernetes}) and
 * {@code inspect --json} ({@code slurm}, {@code kubernetes}; the command-line reference lists the keys every reader can rely
 * on, this shape holds them all plus what a project must keep: CPUs, boards, memory, addresses, the
 * other keys of node lines, GRES counts and flags, Kueue flavors). Every key is written, {@code null}
 * or empty where the sources say nothing.
 */
public final class SettingsJson {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private SettingsJson() {
    }

    public static ObjectNode writeSlurm(SlurmSettings s) {
        ObjectNode o = F.objectNode();
        ArrayNode lines = o.putArray("nodeLines");
        for (NodeLine n : s.nodeLines()) {
            ObjectNode no = lines.addObject().put("name", n.name());
            putNullable(no, "cpus", n.cpus());
            putNullable(no, "boards", n.boards());
            putNullable(no, "sockets", n.sockets());
            putNullable(no, "coresPerSocket", n.coresPerSocket());
            putNullable(no, "threadsPerCore", n.threadsPerCore());
            putNullable(no, "realMemory", n.realMemory());
            putNullable(no, "gres", n.gres());
            putNullable(no, "weight", n.weight());
            strings(no.putArray("features"), n.features());
            putNullable(no, "nodeAddr", n.nodeAddr());
            map(no.putObject("other"), n.other());
        }
        ArrayNode gres = o.putArray("gres");
        for (GresLine g : s.gres()) {
            ObjectNode go = gres.addObject();
            strings(go.putArray("nodes"), g.nodes());
            go.put("name", g.name());
            putNullable(go, "type", g.type());
            strings(go.putArray("files"), g.files());
            putNullable(go, "cores", g.cores());
            ArrayNode links = go.putArray("links");
            g.links().forEach(links::add);
            putNullable(go, "count", g.count());
            putNullable(go, "flags", g.flags());
            putNullable(go, "autoDetect", g.autoDetect());
        }
        map(o.putObject("keys"), s.keys());
        if (!s.topologies().isEmpty()) {
            ArrayNode tops = o.putArray("topologies");
            s.topologies().forEach(t -> tops.add(writeTopology(t)));
        }
        return o;
    }

    /** One topology.yaml topology: its name, kind, cluster_default and the kind's own lines. */
    private static ObjectNode writeTopology(SlurmTopology t) {
        ObjectNode o = F.objectNode().put("name", t.name()).put("kind", t.kind())
                .put("clusterDefault", t.clusterDefault());
        if (t instanceof SlurmTopology.Tree tree) {
            ArrayNode switches = o.putArray("switches");
            for (SlurmTopology.SwitchLine line : tree.switches()) {
                ObjectNode so = switches.addObject().put("name", line.name());
                strings(so.putArray("children"), line.children());
                strings(so.putArray("nodes"), line.nodes());
            }
        } else if (t instanceof SlurmTopology.BlockLayout block) {
            ArrayNode sizes = o.putArray("blockSizes");
            block.blockSizes().forEach(sizes::add);
            ArrayNode blocks = o.putArray("blocks");
            for (Block b : block.blocks()) {
                strings(blocks.addObject().put("name", b.name()).putArray("nodes"), b.nodes());
            }
        } else if (t instanceof SlurmTopology.Flat flat) {
            o.put("alphaStepRank", flat.alphaStepRank());
        }
        return o;
    }

    private static SlurmTopology readTopology(JsonFields t) {
        try {
            return topology(t);
        } catch (IllegalArgumentException e) {
            throw new JsonShapeException(t.pointer("name"), e.getMessage());
        }
    }

    private static SlurmTopology topology(JsonFields t) {
        String name = t.string("name");
        boolean clusterDefault = t.bool("clusterDefault", false);
        String kind = t.string("kind");
        return switch (kind) {
            case "tree" -> {
                List<SlurmTopology.SwitchLine> lines = new ArrayList<>();
                for (JsonFields s : t.objects("switches")) {
                    lines.add(new SlurmTopology.SwitchLine(s.string("name"), s.strings("children"), s.strings("nodes")));
                }
                yield new SlurmTopology.Tree(name, clusterDefault, lines);
            }
            case "block" -> {
                List<Block> blocks = new ArrayList<>();
                for (JsonFields b : t.objects("blocks")) {
                    blocks.add(new Block(b.string("name"), b.strings("nodes")));
                }
                yield new SlurmTopology.BlockLayout(name, clusterDefault, t.integers("blockSizes"), blocks);
            }
            case "flat" -> new SlurmTopology.Flat(name, clusterDefault, t.bool("alphaStepRank", false));
            default -> throw new JsonShapeException(t.pointer("kind"), "a Slurm topology is tree, block or flat, not \""
                    + kind + "\"");
        };
    }

    static SlurmSettings readSlurm(JsonFields o) {
        List<NodeLine> lines = new ArrayList<>();
        for (JsonFields n : o.objects("nodeLines")) {
            lines.add(new NodeLine(n.string("name"), n.optInteger("cpus"), n.optInteger("boards"),
                    n.optInteger("sockets"), n.optInteger("coresPerSocket"), n.optInteger("threadsPerCore"),
                    n.optLongObject("realMemory"), n.optString("gres"), n.optInteger("weight"), n.strings("features"),
                    n.optString("nodeAddr"), n.stringMap("other")));
        }
        List<GresLine> gres = new ArrayList<>();
        for (JsonFields g : o.objects("gres")) {
            gres.add(new GresLine(g.strings("nodes"), g.string("name"), g.optString("type"), g.strings("files"),
                    g.optString("cores"), g.integers("links"), g.optLongObject("count"), g.optString("flags"),
                    g.optString("autoDetect")));
        }
        List<SlurmTopology> topologies = new ArrayList<>();
        for (JsonFields t : o.objects("topologies")) {
            topologies.add(readTopology(t));
        }
        return new SlurmSettings(lines, gres, o.stringMap("keys"), topologies);
    }

    public static ObjectNode writeKubernetes(KubernetesSettings k) {
        ObjectNode o = F.objectNode();
        ArrayNode hns = o.putArray("hyperNodes");
        for (HyperNode h : k.hyperNodes()) {
            ObjectNode ho = hns.addObject().put("name", h.name()).put("tier", h.tier());
            putNullable(ho, "tierName", h.tierName());
            ArrayNode members = ho.putArray("members");
            for (HyperNodeMember m : h.members()) {
                ObjectNode mo = members.addObject().put("type", m.type());
                putNullable(mo, "exactMatch", m.exactMatch());
                putNullable(mo, "regexMatch", m.regexMatch());
                if (m.labelMatch() == null) {
                    mo.putNull("labelMatch");
                } else {
                    map(mo.putObject("labelMatch"), m.labelMatch());
                }
            }
        }
        ArrayNode tops = o.putArray("topologies");
        for (KueueTopology t : k.topologies()) {
            strings(tops.addObject().put("name", t.name()).putArray("levels"), t.levels());
        }
        ArrayNode flavors = o.putArray("flavors");
        for (ResourceFlavor f : k.flavors()) {
            ObjectNode fo = flavors.addObject().put("name", f.name());
            map(fo.putObject("nodeLabels"), f.nodeLabels());
            putNullable(fo, "topologyName", f.topologyName());
        }
        ObjectNode labels = o.putObject("nodeLabels");
        k.nodeLabels().forEach((node, l) -> map(labels.putObject(node), l));
        return o;
    }

    static KubernetesSettings readKubernetes(JsonFields o) {
        List<HyperNode> hns = new ArrayList<>();
        for (JsonFields h : o.objects("hyperNodes")) {
            List<HyperNodeMember> members = new ArrayList<>();
            for (JsonFields m : h.objects("members")) {
                members.add(new HyperNodeMember(m.string("type"), m.optString("exactMatch"), m.optString("regexMatch"),
                        m.has("labelMatch") ? m.stringMap("labelMatch") : null));
            }
            hns.add(new HyperNode(h.string("name"), h.integer("tier"), h.optString("tierName"), members));
        }
        List<KueueTopology> tops = new ArrayList<>();
        for (JsonFields t : o.objects("topologies")) {
            tops.add(new KueueTopology(t.string("name"), t.strings("levels")));
        }
        List<ResourceFlavor> flavors = new ArrayList<>();
        for (JsonFields f : o.objects("flavors")) {
            flavors.add(new ResourceFlavor(f.string("name"), f.stringMap("nodeLabels"), f.optString("topologyName")));
        }
        Map<String, Map<String, String>> labels = new LinkedHashMap<>();
        if (o.has("nodeLabels")) {
            JsonFields lo = o.object("nodeLabels");
            for (String node : o.keysOf("nodeLabels")) {
                labels.put(node, lo.stringMap(node));
            }
        }
        return new KubernetesSettings(hns, tops, flavors, labels);
    }

    private static void strings(ArrayNode a, List<String> values) {
        values.forEach(a::add);
    }

    private static void map(ObjectNode o, Map<String, String> values) {
        values.forEach(o::put);
    }
}
