package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;

/**
 * Reads node labels written as {@code key=value} lines (what {@code kubectl label} takes, and what
 * test logs and docs paste, such as the OCI GB300 sample), several comma-separated pairs per line as
 * in {@code --node-labels}, or the table of {@code kubectl get nodes --show-labels}.
 *
 * <p>A plain label list does not say which node it belongs to: the node is named by its
 * {@code kubernetes.io/hostname} label, else after the file. A key that comes again starts the next
 * node, so several nodes' labels can follow each other in one file.
 */
public final class NodeLabelsReader implements FormatReader {
    static final String HOSTNAME = "kubernetes.io/hostname";
    private static final Pattern SHELL_OPTIONS = Pattern.compile("set(\\s+[-+][A-Za-z]+(\\s+[a-z]+)?)+");
    private static final Pattern PAIR = Pattern.compile("[A-Za-z0-9][-A-Za-z0-9_./]*=[^=\\s]*");

    @Override
    public Format format() {
        return Format.NODE_LABELS;
    }

    @Override
    public int detect(SourceText source) {
        List<String> lines = meaningful(source);
        if (lines.isEmpty()) {
            return 0;
        }
        if (isShowLabelsHeader(lines.get(0))) {
            return 90;
        }
        if (lines.stream().allMatch(l -> l.strip().startsWith("kubectl label "))) {
            return 90;
        }
        long pairs = lines.stream().filter(l -> {
            for (String p : l.strip().split(",")) {
                if (!PAIR.matcher(p.strip()).matches()) {
                    return false;
                }
            }
            return true;
        }).count();
        // A prefixed key (topology.kubernetes.io/zone=...) is a label; a slash in a value only
        // (TopologyPlugin=topology/tree in slurm.conf) is not evidence.
        boolean prefixed = lines.stream().anyMatch(l -> l.contains("=") && l.substring(0, l.indexOf('=')).contains("/"));
        if (pairs == lines.size()) {
            return prefixed ? 85 : 40;
        }
        return pairs * 2 > lines.size() ? 30 : 0;
    }

    private static List<String> meaningful(SourceText source) {
        return source.lines().stream().filter(l -> !skipped(l)).limit(200).toList();
    }

    /**
     * Blank lines, comments and a shell script's option lines ({@code set -eu}, {@code set -o pipefail}):
     * an exported {@code node-labels.sh} is a script of {@code kubectl label} lines.
     */
    private static boolean skipped(String line) {
        String s = line.strip();
        return s.isEmpty() || s.startsWith("#") || SHELL_OPTIONS.matcher(s).matches();
    }

    private static boolean isShowLabelsHeader(String line) {
        return line.startsWith("NAME") && line.contains("LABELS");
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics d = new Diagnostics(source.path());
        List<String> lines = source.lines();
        List<LabelledNode> nodes = new ArrayList<>();
        String unnamed = null;
        int first = 0;
        while (first < lines.size() && skipped(lines.get(first))) {
            first++;
        }
        if (first < lines.size() && isShowLabelsHeader(lines.get(first))) {
            readTable(lines, first, nodes, d);
        } else if (first < lines.size() && lines.get(first).strip().startsWith("kubectl label ")) {
            readKubectlLabel(lines, nodes, d);
        } else {
            unnamed = readPairs(lines, source, nodes, d);
        }
        if (nodes.isEmpty()) {
            d.error(0, 0, "no node labels found");
        }
        return new ImportResult(source, format(), NodeLabelsPart.of(nodes, d, unnamed), d.list());
    }

    private static void readTable(List<String> lines, int header, List<LabelledNode> nodes, Diagnostics d) {
        int labelsColumn = lines.get(header).indexOf("LABELS");
        for (int i = header + 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            String[] cells = line.strip().split("\\s+");
            if (cells.length < 2) {
                d.warning(i + 1, 1, "row without a LABELS column skipped");
                continue;
            }
            String cell = cells[cells.length - 1];
            int col = line.lastIndexOf(cell) + 1;
            Map<String, String> labels = new LinkedHashMap<>();
            if (!"<none>".equals(cell)) {
                parsePairs(cell, i + 1, col, labels, d);
            }
            nodes.add(new LabelledNode(cells[0], labels, null, null, i + 1, 1));
        }
        if (labelsColumn < 0) {
            d.warning(header + 1, 1, "header without LABELS");
        }
    }

    /**
     * Reads {@code kubectl label node NAME [--overwrite] k=v ...} lines (our own export); flags are
     * skipped and {@code key-} (remove a label) is ignored. Lines for the same node add up.
     */
    private static void readKubectlLabel(List<String> lines, List<LabelledNode> nodes, Diagnostics d) {
        Map<String, LabelledNode> byName = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (skipped(line)) {
                continue;
            }
            String[] words = line.split("\\s+");
            if (!line.startsWith("kubectl label ") || words.length < 4
                    || !List.of("node", "nodes", "no").contains(words[2])) {
                d.warning(i + 1, 1, "not a 'kubectl label node NAME key=value...' line; skipped");
                continue;
            }
            String name = null;
            Map<String, String> labels = new LinkedHashMap<>();
            for (int w = 3; w < words.length; w++) {
                String word = words[w];
                if (word.startsWith("-")) {
                    continue;
                }
                if (name == null) {
                    name = word.replaceAll("^'|'$", "");
                } else if (!word.endsWith("-") || word.contains("=")) {
                    parsePairs(word, i + 1, lines.get(i).indexOf(word) + 1, labels, d);
                }
            }
            if (name == null) {
                d.warning(i + 1, 1, "kubectl label line without a node name; skipped");
                continue;
            }
            LabelledNode before = byName.get(name);
            Map<String, String> all = new LinkedHashMap<>(before == null ? Map.of() : before.labels());
            all.putAll(labels);
            byName.put(name, new LabelledNode(name, all, null, null, before == null ? i + 1 : before.line(), 1));
        }
        nodes.addAll(byName.values());
    }

    /** Returns the name used for a node the file does not name, or {@code null}. */
    private static String readPairs(List<String> lines, SourceText source, List<LabelledNode> nodes, Diagnostics d) {
        Map<String, String> current = new LinkedHashMap<>();
        int startLine = 0;
        String unnamed = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String stripped = line.strip();
            if (stripped.isEmpty() || stripped.startsWith("#")) {
                continue;
            }
            Map<String, String> pairs = new LinkedHashMap<>();
            parsePairs(stripped, i + 1, line.indexOf(stripped) + 1, pairs, d);
            for (Map.Entry<String, String> e : pairs.entrySet()) {
                if (current.containsKey(e.getKey())) {
                    unnamed = finish(current, startLine, source, nodes, d, unnamed);
                    current = new LinkedHashMap<>();
                }
                if (current.isEmpty()) {
                    startLine = i + 1;
                }
                current.put(e.getKey(), e.getValue());
            }
        }
        if (!current.isEmpty()) {
            unnamed = finish(current, startLine, source, nodes, d, unnamed);
        }
        return unnamed;
    }

    private static String finish(Map<String, String> labels, int line, SourceText source, List<LabelledNode> nodes,
                                 Diagnostics d, String unnamed) {
        String name = labels.get(HOSTNAME);
        if (name == null || name.isEmpty()) {
            name = hostFromFileName(source.fileName()) + (nodes.isEmpty() ? "" : "-" + (nodes.size() + 1));
            d.info(line, 1, "the labels do not name their node (no " + HOSTNAME + "); the node is called " + name);
            unnamed = unnamed == null ? name : unnamed;
        }
        nodes.add(new LabelledNode(name, labels, null, null, line, 1));
        return unnamed;
    }

    static String hostFromFileName(String fileName) {
        String n = fileName;
        for (String ext : List.of(".txt", ".yaml", ".yml", ".json", ".labels")) {
            while (n.toLowerCase(java.util.Locale.ROOT).endsWith(ext) && n.length() > ext.length()) {
                n = n.substring(0, n.length() - ext.length());
            }
        }
        return n.isBlank() ? "node" : n;
    }

    /** Parses {@code k=v[,k=v...]}; quotes around a value are dropped, as a shell would. */
    static void parsePairs(String text, int line, int column, Map<String, String> out, Diagnostics d) {
        int offset = 0;
        for (String part : text.split(",", -1)) {
            String p = part.strip();
            int col = column + offset + part.indexOf(p);
            offset += part.length() + 1;
            if (p.isEmpty()) {
                continue;
            }
            int eq = p.indexOf('=');
            if (eq <= 0) {
                d.warning(line, Math.max(1, col), "not a key=value label: '" + p + "'");
                continue;
            }
            String key = p.substring(0, eq).strip();
            String value = p.substring(eq + 1).strip();
            if (value.length() >= 2 && (value.startsWith("\"") && value.endsWith("\"")
                    || value.startsWith("'") && value.endsWith("'"))) {
                value = value.substring(1, value.length() - 1);
            }
            out.put(key, value);
        }
    }
}
