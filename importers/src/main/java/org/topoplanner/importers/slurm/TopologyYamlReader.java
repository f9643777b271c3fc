package org.topoplanner.importers.slurm;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.util.ArrayList;
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

/**
 * Reads Slurm 25.05+ {@code topology.yaml}: a list of named topologies, each a {@code tree}
 * ({@code switches: [{switch, children, nodes}]}), a {@code block}
 * ({@code block_sizes}, {@code blocks: [{block, nodes}]}) or {@code flat}.
 *
 * <p>A fabric holds one tree and one block layout, so the reader takes the tree topology marked
 * {@code cluster_default} (else the first tree) and likewise one block topology; every other
 * topology is listed in an INFO saying it was not read. The checks are those of
 * {@code topology.conf}. Jackson drops positions from its tree, so a value is located by finding
 * its {@code key: value} line in the text.
 */
public final class TopologyYamlReader implements FormatReader {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

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
        TopologyDeclarations declarations = new TopologyDeclarations();
        declarations.separateTopologies = true;
        try {
            JsonNode root = YAML.readTree(source.text());
            new Walk(new YamlPositions(source.text()), declarations, diagnostics).topologies(root);
        } catch (JacksonException e) {
            JsonLocation at = e.getLocation();
            int line = at == null ? 0 : Math.max(0, at.getLineNr());
            int column = at == null || line == 0 ? 0 : Math.max(1, at.getColumnNr());
            diagnostics.error(line, column, "not valid YAML: " + e.getOriginalMessage());
        } catch (RuntimeException | StackOverflowError e) {
            diagnostics.error(0, 0, "not readable as topology.yaml: " + e);
        }
        return new ImportResult(source, format(),
                ClusterPart.ofFabric(TopologyTreeAssembler.assemble(declarations, diagnostics)), diagnostics.list());
    }

    /** Walks the YAML tree into declarations. */
    private static final class Walk {
        private final YamlPositions positions;
        private final TopologyDeclarations d;
        private final Diagnostics diagnostics;

        Walk(YamlPositions positions, TopologyDeclarations d, Diagnostics diagnostics) {
            this.positions = positions;
            this.d = d;
            this.diagnostics = diagnostics;
        }

        void topologies(JsonNode root) {
            if (root == null || root.isMissingNode() || root.isNull()) {
                diagnostics.error(0, 0, "the file holds no topology");
                return;
            }
            if (!root.isArray()) {
                diagnostics.error(1, 1, "topology.yaml is a list of topologies (\"- topology: name\")");
                return;
            }
            JsonNode tree = pick(root, "tree");
            JsonNode block = pick(root, "block");
            for (JsonNode t : root) {
                String name = t.path("topology").asText("");
                LocatedText at = positions.find("topology", name);
                if (!t.isObject() || name.isEmpty()) {
                    diagnostics.error(at.line(), at.column(), "a list item without \"topology: name\" is skipped");
                } else if (t == tree) {
                    tree(t.get("tree"), name);
                } else if (t == block) {
                    block(t.get("block"), name);
                } else {
                    diagnostics.info(at.line(), at.column(), "topology " + name + " (" + kind(t) + ") not read: "
                            + (t.has("flat") ? "a flat topology has no structure to model"
                            : "only the default (or first) tree and block topologies are read"));
                }
                if (t.isObject()) {
                    unknownKeys(t, Set.of("topology", "cluster_default", "tree", "block", "flat"), name);
                }
            }
        }

        /** The {@code cluster_default} topology of this kind, else the first of it. */
        private static JsonNode pick(JsonNode root, String kind) {
            JsonNode first = null;
            for (JsonNode t : root) {
                if (t.isObject() && t.has(kind) && !t.path("topology").asText("").isEmpty()) {
                    if (t.path("cluster_default").asBoolean(false)) {
                        return t;
                    }
                    if (first == null) {
                        first = t;
                    }
                }
            }
            return first;
        }

        private static String kind(JsonNode t) {
            return t.has("tree") ? "tree" : t.has("block") ? "block" : t.has("flat") ? "flat" : "unknown kind";
        }

        private void tree(JsonNode tree, String topology) {
            JsonNode switches = tree.path("switches");
            if (!switches.isArray()) {
                LocatedText at = positions.find("topology", topology);
                diagnostics.error(at.line(), at.column(), "tree topology " + topology + " has no switches list");
                return;
            }
            for (JsonNode s : switches) {
                String name = s.path("switch").asText("");
                LocatedText at = positions.find("switch", name);
                if (name.isEmpty()) {
                    diagnostics.error(at.line(), at.column(), "a switch without \"switch: name\" is skipped");
                    continue;
                }
                d.switches.add(new SwitchDeclaration(at, value(s, "children"), value(s, "nodes")));
                unknownKeys(s, Set.of("switch", "children", "nodes", "link_speed"), name);
            }
        }

        private void block(JsonNode block, String topology) {
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
            for (JsonNode b : block.path("blocks")) {
                String name = b.path("block").asText("");
                LocatedText at = positions.find("block", name);
                if (name.isEmpty()) {
                    diagnostics.error(at.line(), at.column(), "a block without \"block: name\" is skipped");
                    continue;
                }
                d.blocks.add(new BlockDeclaration(at, value(b, "nodes")));
                unknownKeys(b, Set.of("block", "nodes"), name);
            }
            if (!block.path("blocks").isArray()) {
                LocatedText at = positions.find("topology", topology);
                diagnostics.error(at.line(), at.column(), "block topology " + topology + " has no blocks list");
            }
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
