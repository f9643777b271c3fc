package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.topoplanner.importers.Diagnostics;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Parses multi-document YAML into {@link YamlValue} trees without constructing any Java object
 * from the text (SnakeYAML is used only up to its composer), with limits against alias bombs,
 * deep nesting and huge inputs, and with every problem reported at its line and column.
 *
 * <p>The stream is cut at {@code ---} lines first and each document parsed on its own, so one
 * broken document does not hide the others. A line of four or more dashes ({@code ------}) is
 * not a document separator in YAML; the reader reports it as an error instead of letting the
 * parser silently merge the documents around it, then reads it as the separator the author meant.
 */
public final class SafeYaml {
    /** Aliases per document: Kubernetes manifests rarely use any, an alias bomb needs many. */
    static final int MAX_ALIASES = 50;
    static final int MAX_CODE_POINTS = 8 * 1024 * 1024;
    static final int MAX_NESTING = 64;
    /** Values per document after alias expansion; a few aliases can otherwise fan out exponentially. */
    static final int MAX_VALUES = 200_000;

    private static final Pattern LONG_SEPARATOR = Pattern.compile("-{4,}\\s*(#.*)?");
    private static final Pattern DOCUMENT_START = Pattern.compile("---(\\s.*)?");
    private static final String YAML_TAG_PREFIX = "tag:yaml.org,2002:";

    private SafeYaml() {
    }

    /** Every document of {@code text}, in order; problems go to {@code diagnostics}. */
    public static List<YamlDocument> parse(String text, Diagnostics diagnostics) {
        return parse(text, diagnostics, 0, 0);
    }

    /**
     * Parses YAML found inside another file (a ConfigMap's block string), placing values and problems
     * {@code lineOffset} lines and {@code columnOffset} columns further on, where they are in that file.
     */
    public static List<YamlDocument> parse(String text, Diagnostics diagnostics, int lineOffset, int columnOffset) {
        List<String> lines = text.lines().toList();
        List<YamlDocument> documents = new ArrayList<>();
        StringBuilder chunk = new StringBuilder();
        int chunkStart = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (LONG_SEPARATOR.matcher(line).matches()) {
                diagnostics.error(lineOffset + i + 1, columnOffset + 1, "'" + line.strip() + "' is not a YAML document separator (a separator is"
                        + " exactly '---'); read as one, but fix the file: kubectl would reject or merge it");
                line = "---";
            }
            if (DOCUMENT_START.matcher(line).matches() && i > chunkStart) {
                parseChunk(chunk.toString(), lineOffset + chunkStart, columnOffset, documents, diagnostics);
                chunk.setLength(0);
                chunkStart = i;
            }
            chunk.append(line).append('\n');
        }
        parseChunk(chunk.toString(), lineOffset + chunkStart, columnOffset, documents, diagnostics);
        return documents;
    }

    private static void parseChunk(String chunk, int lineOffset, int columnOffset, List<YamlDocument> out,
                                   Diagnostics diagnostics) {
        if (chunk.isBlank()) {
            return;
        }
        LoaderOptions options = loaderOptions();
        try {
            Composer composer = new Composer(new ParserImpl(new StreamReader(chunk), options), new Resolver(), options);
            while (composer.checkNode()) {
                Node node = composer.getNode();
                Converter converter = new Converter(lineOffset, columnOffset, diagnostics);
                YamlValue root = converter.convert(node, 0);
                if (!converter.overBudget) {
                    out.add(new YamlDocument(root, out.size(), lineOffset + node.getStartMark().getLine() + 1));
                }
            }
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            int line = mark == null ? lineOffset + 1 : lineOffset + mark.getLine() + 1;
            int column = columnOffset + (mark == null ? 1 : mark.getColumn() + 1);
            String problem = e.getProblem() != null ? e.getProblem() : e.getMessage();
            String context = e.getContext() != null ? e.getContext() + ": " : "";
            diagnostics.error(line, column, "invalid YAML, " + context + oneLine(problem) + "; this document is skipped");
        } catch (RuntimeException e) {
            // Limits (code points, nesting, aliases) raise plain YAMLExceptions without a mark.
            diagnostics.error(lineOffset + 1, columnOffset + 1, "YAML document refused: " + oneLine(String.valueOf(e.getMessage())));
        }
    }

    static LoaderOptions loaderOptions() {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(MAX_ALIASES);
        options.setAllowRecursiveKeys(false);
        options.setCodePointLimit(MAX_CODE_POINTS);
        options.setNestingDepthLimit(MAX_NESTING);
        options.setAllowDuplicateKeys(true);
        options.setProcessComments(false);
        return options;
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s+", " ").strip();
    }

    /** Turns one composed node graph into values, guarding against recursion and alias fan-out. */
    private static final class Converter {
        private final int lineOffset;
        private final int columnOffset;
        private final Diagnostics diagnostics;
        private final Set<Node> onPath = Collections.newSetFromMap(new IdentityHashMap<>());
        private int values;
        private boolean overBudget;

        Converter(int lineOffset, int columnOffset, Diagnostics diagnostics) {
            this.lineOffset = lineOffset;
            this.columnOffset = columnOffset;
            this.diagnostics = diagnostics;
        }

        YamlValue convert(Node node, int depth) {
            int line = lineOffset + node.getStartMark().getLine() + 1;
            int column = columnOffset + node.getStartMark().getColumn() + 1;
            if (overBudget) {
                return null;
            }
            if (++values > MAX_VALUES || depth > MAX_NESTING) {
                overBudget = true;
                diagnostics.error(line, column, "YAML document too large or too deep after alias expansion"
                        + " (limit " + MAX_VALUES + " values, depth " + MAX_NESTING + "); document skipped");
                return null;
            }
            if (!onPath.add(node)) {
                overBudget = true;
                diagnostics.error(line, column, "recursive YAML alias (a value that contains itself); document skipped");
                return null;
            }
            try {
                if (node instanceof ScalarNode s) {
                    return new YamlValue.Scalar(s.getValue(), s.isPlain(), shortTag(s.getTag()), line, column);
                }
                if (node instanceof SequenceNode seq) {
                    List<YamlValue> items = new ArrayList<>();
                    for (Node item : seq.getValue()) {
                        YamlValue v = convert(item, depth + 1);
                        if (v != null) {
                            items.add(v);
                        }
                    }
                    return new YamlValue.Sequence(items, line, column);
                }
                return mapping((MappingNode) node, depth, line, column);
            } finally {
                onPath.remove(node);
            }
        }

        private YamlValue mapping(MappingNode node, int depth, int line, int column) {
            Map<String, YamlValue> entries = new LinkedHashMap<>();
            Map<String, int[]> positions = new LinkedHashMap<>();
            List<YamlValue.Mapping> merged = new ArrayList<>();
            for (NodeTuple t : node.getValue()) {
                Node k = t.getKeyNode();
                int kl = lineOffset + k.getStartMark().getLine() + 1;
                int kc = columnOffset + k.getStartMark().getColumn() + 1;
                if (!(k instanceof ScalarNode ks)) {
                    diagnostics.warning(kl, kc, "a mapping key that is not a plain value is ignored");
                    continue;
                }
                YamlValue v = convert(t.getValueNode(), depth + 1);
                if (Tag.MERGE.equals(ks.getTag())) {
                    if (v instanceof YamlValue.Mapping m) {
                        merged.add(m);
                    }
                    continue;
                }
                if (entries.containsKey(ks.getValue())) {
                    diagnostics.error(kl, kc, "duplicate key '" + ks.getValue() + "' (first at line "
                            + positions.get(ks.getValue())[0] + "); kubectl refuses this, the later value is kept");
                }
                entries.put(ks.getValue(), v);
                positions.put(ks.getValue(), new int[] {kl, kc});
            }
            for (YamlValue.Mapping m : merged) {
                m.entries().forEach(entries::putIfAbsent);
                m.keyPositions().forEach(positions::putIfAbsent);
            }
            entries.values().removeIf(java.util.Objects::isNull);
            return new YamlValue.Mapping(entries, positions, line, column);
        }

        private static String shortTag(Tag tag) {
            String v = tag.getValue();
            return v.startsWith(YAML_TAG_PREFIX) ? v.substring(YAML_TAG_PREFIX.length()) : v;
        }
    }
}
