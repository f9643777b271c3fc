package org.topoplanner.importers.slurm;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.slurm.TopologyDeclarations.BlockDeclaration;
import org.topoplanner.importers.slurm.TopologyDeclarations.SwitchDeclaration;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.slurm.SlurmSettings;
import org.topoplanner.model.slurm.SlurmTopology;

/**
 * Reads Slurm 25.05+ {@code topology.yaml}: a list of named topologies (or one topology as a
 * mapping, which Slurm also takes), each exactly one of {@code tree}
 * ({@code switches: [{switch, children, nodes}]}), {@code block} ({@code block_sizes},
 * {@code blocks: [{block, nodes}]}) or {@code flat} ({@code true}, or {@code {alpha_step_rank}}).
 * Keys and structure follow Slurm's own parser ({@code data_parser} {@code TOPOLOGY_CONF}).
 *
 * <p>Every tree, block and flat topology is kept in the cluster's Slurm settings
 * ({@link SlurmSettings#topologies()}), so partitions bound to them ({@code Topology=}) place jobs as
 * Slurm does. The fabric drawn and measured is the cluster-default tree (else the first tree) with
 * the default (else first) block topology's blocks. {@code ring} and {@code torus3d} topologies are
 * listed in an INFO and not kept. Each topology is checked like {@code topology.conf}. Jackson drops
 * positions from its tree, so a value is located by finding its {@code key: value} line in the text.
 */
public final class TopologyYamlReader implements FormatReader {
    /** Made on first read, not when the registry lists this reader: detecting a format must not load Jackson, which a convert of a dump never needs. */
    private static final class Mapper {
        static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    }
    private static final List<String> KINDS = List.of("tree", "block", "flat", "ring", "torus3d");

    @Override
    public Format format() {
        return Format.SLURM_TOPOLOGY_YAML;
    }

    @Override
    public int detect(SourceText source) {
        String t = source.text();
        boolean topology = t.contains("- topology:") || t.contains("-  topology:");
        boolean kind = t.contains("tree:") || t.contains("block:") || t.contains("flat:");
        return topology && kind ? 95 : topology ? 60 : 0;
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics diagnostics = new Diagnostics(source.path());
        Walk walk = new Walk(new YamlPositions(source.text()), diagnostics);
        try {
            walk.topologies(Mapper.YAML.readTree(source.text()));
        } catch (JacksonException e) {
            JsonLocation at = e.getLocation();
            int line = at == null ? 0 : Math.max(0, at.getLineNr());
            int column = at == null || line == 0 ? 0 : Math.max(1, at.getColumnNr());
            diagnostics.error(line, column, "not valid YAML: " + e.getOriginalMessage());
        } catch (RuntimeException | StackOverflowError e) {
            diagnostics.error(0, 0, "not readable as topology.yaml: " + e);
        }
        SlurmSettings slurm = SlurmSettings.empty().withTopologies(walk.kept);
        ClusterPart part = new ClusterPart(walk.fabric(), Map.of(), Map.of(), slurm, null, null);
        return new ImportResult(source, format(), part, diagnostics.list());
    }

    /** Walks the YAML tree into topologies, each checked through its own declarations. */
    private static final class Walk {
        private final YamlPositions positions;
        private final Diagnostics diagnostics;
        final List<SlurmTopology> kept = new ArrayList<>();
        private final List<Fabric> layouts = new ArrayList<>();

        Walk(YamlPositions positions, Diagnostics diagnostics) {
            this.positions = positions;
            this.diagnostics = diagnostics;
        }

        void topologies(JsonNode root) {
            if (root == null || root.isMissingNode() || root.isNull()) {
                diagnostics.error(1, 1, "the file holds no topology");
                return;
            }
            if (root.isObject()) {
                topology(root); // one topology as a mapping: Slurm's parser takes it as a list of one
            } else if (root.isArray()) {
                root.forEach(this::topology);
            } else {
                diagnostics.error(1, 1, "topology.yaml is a list of topologies (\"- topology: name\")");
                return;
            }
            Set<String> names = new HashSet<>();
            boolean seenDefault = false;
            for (SlurmTopology t : kept) {
                LocatedText at = positions.find("topology", t.name());
                if (!names.add(t.name())) {
                    diagnostics.warning(at.line(), at.column(), "topology " + t.name() + " is defined twice;"
                            + " partitions naming it get the first");
                }
                if (t.clusterDefault() && seenDefault) {
                    diagnostics.warning(at.line(), at.column(), "topology " + t.name() + " is a second"
                            + " cluster_default; Slurm uses the first");
                }
                seenDefault |= t.clusterDefault();
            }
        }

        private void topology(JsonNode t) {
            String name = t.isObject() ? t.path("topology").asText("") : "";
            LocatedText at = positions.find("topology", name);
            if (!t.isObject() || name.isEmpty()) {
                diagnostics.error(at.line(), at.column(), "a list item without \"topology: name\" is skipped");
                return;
            }
            unknownKeys(t, Set.of("topology", "cluster_default", "tree", "block", "flat", "ring", "torus3d"), name);
            boolean clusterDefault = false;
            JsonNode d = t.get("cluster_default");
            if (d != null && !d.isNull()) {
                if (!d.isBoolean()) {
                    LocatedText v = positions.find("cluster_default", "");
                    diagnostics.error(v.line(), v.column(), "cluster_default of " + name + " is \"" + d.asText()
                            + "\", not true or false; Slurm refuses the file");
                }
                clusterDefault = d.asBoolean(false);
            }
            List<String> kinds = KINDS.stream().filter(k -> t.has(k) && !isFalse(t.get(k))).toList();
            if (kinds.size() != 1) {
                diagnostics.error(at.line(), at.column(), "topology " + name + (kinds.isEmpty()
                        ? " names no kind (tree, block, flat, ring or torus3d)"
                        : " names " + String.join(" and ", kinds) + "; they are mutually exclusive")
                        + "; Slurm refuses the file");
                return;
            }
            switch (kinds.get(0)) {
                case "tree" -> tree(t.get("tree"), name, clusterDefault);
                case "block" -> block(t.get("block"), name, clusterDefault);
                case "flat" -> flat(t.get("flat"), name, clusterDefault);
                default -> diagnostics.info(at.line(), at.column(), "topology " + name + " (" + kinds.get(0)
                        + ") is not read: the planner models tree, block and flat topologies");
            }
        }

        private static boolean isFalse(JsonNode v) {
            return v == null || v.isNull() || (v.isBoolean() && !v.asBoolean());
        }

        private void tree(JsonNode tree, String topology, boolean clusterDefault) {
            JsonNode switches = tree.path("switches");
            if (!switches.isArray()) {
                LocatedText at = positions.find("topology", topology);
                diagnostics.error(at.line(), at.column(), "tree topology " + topology + " has no switches list");
                return;
            }
            TopologyDeclarations d = new TopologyDeclarations();
            d.separateTopologies = true;
            List<SlurmTopology.SwitchLine> lines = new ArrayList<>();
            for (JsonNode s : switches) {
                String name = s.path("switch").asText("");
                LocatedText at = positions.find("switch", name);
                if (name.isEmpty()) {
                    diagnostics.error(at.line(), at.column(), "a switch without \"switch: name\" is skipped");
                    continue;
                }
                LocatedText children = value(s, "children");
                LocatedText nodes = value(s, "nodes");
                d.switches.add(new SwitchDeclaration(at, children, nodes));
                lines.add(new SlurmTopology.SwitchLine(name, hosts(children), hosts(nodes)));
                unknownKeys(s, Set.of("switch", "children", "nodes", "link_speed"), name);
            }
            layouts.add(TopologyTreeAssembler.assemble(d, diagnostics));
            kept.add(new SlurmTopology.Tree(topology, clusterDefault, lines));
        }

        private void block(JsonNode block, String topology, boolean clusterDefault) {
            TopologyDeclarations d = new TopologyDeclarations();
            d.separateTopologies = true;
            for (JsonNode size : block.path("block_sizes")) {
                if (size.canConvertToInt() && size.asInt() > 0) {
                    d.blockSizes.add(size.asInt());
                } else {
                    LocatedText at = positions.find("block_sizes", "");
                    diagnostics.error(at.line(), at.column(), "block size \"" + size.asText()
                            + "\" is not a positive number");
                }
            }
            if (!d.blockSizes.isEmpty()) {
                d.blockSizesAt = positions.find("block_sizes", "");
            }
            List<Block> blocks = new ArrayList<>();
            for (JsonNode b : block.path("blocks")) {
                String name = b.path("block").asText("");
                LocatedText at = positions.find("block", name);
                if (name.isEmpty()) {
                    diagnostics.error(at.line(), at.column(), "a block without \"block: name\" is skipped");
                    continue;
                }
                LocatedText nodes = value(b, "nodes");
                d.blocks.add(new BlockDeclaration(at, nodes));
                blocks.add(new Block(name, hosts(nodes)));
                unknownKeys(b, Set.of("block", "nodes"), name);
            }
            if (!block.path("blocks").isArray()) {
                LocatedText at = positions.find("topology", topology);
                diagnostics.error(at.line(), at.column(), "block topology " + topology + " has no blocks list");
                return;
            }
            layouts.add(TopologyTreeAssembler.assemble(d, diagnostics));
            kept.add(new SlurmTopology.BlockLayout(topology, clusterDefault, d.blockSizes, blocks));
        }

        private void flat(JsonNode flat, String topology, boolean clusterDefault) {
            boolean alpha = false;
            if (flat.isObject()) {
                alpha = flat.path("alpha_step_rank").asBoolean(false);
                unknownKeys(flat, Set.of("alpha_step_rank"), topology);
            } else if (!flat.isBoolean()) {
                LocatedText at = positions.find("flat", "");
                diagnostics.error(at.line(), at.column(), "flat of " + topology + " is \"" + flat.asText()
                        + "\": true, false or a mapping of options");
            }
            layouts.add(new org.topoplanner.model.fabric.FabricBuilder().build());
            kept.add(new SlurmTopology.Flat(topology, clusterDefault, alpha));
        }

        /**
         * The fabric to draw: the default (else first) tree with the default (else first) block
         * topology's blocks; empty when the file has neither (a fabric file always gives a fabric).
         */
        Fabric fabric() {
            Fabric tree = pick("tree");
            Fabric blocks = pick("block");
            if (tree == null) {
                return blocks != null ? blocks : new org.topoplanner.model.fabric.FabricBuilder().build();
            }
            return SlurmClusterFolderReader.withBlocksOf(tree, blocks);
        }

        private Fabric pick(String kind) {
            Fabric first = null;
            for (int i = 0; i < kept.size(); i++) {
                if (kept.get(i).kind().equals(kind)) {
                    if (kept.get(i).clusterDefault()) {
                        return layouts.get(i);
                    }
                    if (first == null) {
                        first = layouts.get(i);
                    }
                }
            }
            return first;
        }

        private static List<String> hosts(LocatedText value) {
            return value == null ? List.of() : Hostlist.expandOrEmpty(value.text());
        }

        /** A hostlist value: a string, or a YAML list of hostlists joined with commas. */
        private LocatedText value(JsonNode parent, String key) {
            JsonNode v = parent.get(key);
            if (v == null || v.isNull()) {
                return null;
            }
            String text;
            if (v.isArray()) {
                List<String> parts = new ArrayList<>();
                v.forEach(x -> parts.add(x.asText()));
                text = String.join(",", parts);
            } else {
                text = v.asText();
            }
            LocatedText at = positions.find(key, v.isArray() ? "" : text);
            return text.isEmpty() ? null : new LocatedText(text, at.line(), at.column());
        }

        private void unknownKeys(JsonNode node, Set<String> known, String owner) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                if (!known.contains(e.getKey())) {
                    LocatedText at = positions.find(e.getKey(), "");
                    diagnostics.warning(at.line(), at.column(), "key " + e.getKey() + " of " + owner
                            + " is not understood and is ignored");
                }
            }
        }
    }
}
