package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;

/**
 * Reads {@code kubectl describe node[s]} text: one block per node starting at {@code Name:}, a
 * {@code Labels:} field whose first label shares the line and whose others follow on indented
 * continuation lines, and a {@code Capacity:} section with {@code cpu} and {@code nvidia.com/gpu}.
 * Everything else (annotations, conditions, pods, events) is skipped.
 */
public final class KubectlDescribeReader implements FormatReader {
    private static final Pattern FIELD = Pattern.compile("([A-Z][A-Za-z -]*):(?:\\s+(.*))?");
    private static final Pattern RESOURCE = Pattern.compile("\\s+([A-Za-z0-9./_-]+):\\s+(\\S+)\\s*");

    @Override
    public Format format() {
        return Format.KUBECTL_DESCRIBE;
    }

    @Override
    public int detect(SourceText source) {
        boolean name = false;
        boolean labels = false;
        boolean more = false;
        int n = 0;
        for (String l : source.lines()) {
            if (++n > 5000) {
                break;
            }
            name |= l.startsWith("Name:");
            labels |= l.startsWith("Labels:");
            more |= l.startsWith("Capacity:") || l.startsWith("Taints:") || l.startsWith("Annotations:");
        }
        return name && labels ? (more ? 90 : 60) : 0;
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics d = new Diagnostics(source.path());
        List<String> lines = source.lines();
        List<LabelledNode> nodes = new ArrayList<>();
        Block block = null;
        String section = "";
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher f = FIELD.matcher(line);
            if (f.matches()) {
                section = f.group(1);
                String value = f.group(2) == null ? "" : f.group(2).strip();
                if (section.equals("Name")) {
                    if (block != null) {
                        nodes.add(block.toNode());
                    }
                    block = new Block(value, i + 1);
                } else if (block == null) {
                    d.warning(i + 1, 1, "'" + section + ":' before any 'Name:' line skipped");
                } else if (section.equals("Labels")) {
                    labelLine(value, i + 1, line.indexOf(value) + 1, block, d);
                }
                continue;
            }
            if (block == null || line.isBlank()) {
                continue;
            }
            if (section.equals("Labels") && Character.isWhitespace(line.charAt(0))) {
                labelLine(line.strip(), i + 1, line.indexOf(line.strip()) + 1, block, d);
            } else if (section.equals("Capacity")) {
                Matcher r = RESOURCE.matcher(line);
                if (r.matches()) {
                    int col = line.indexOf(r.group(2)) + 1;
                    if (r.group(1).equals("cpu")) {
                        block.cpus = count(r.group(2), i + 1, col, d);
                    } else if (r.group(1).equals("nvidia.com/gpu")) {
                        block.gpus = count(r.group(2), i + 1, col, d);
                    }
                }
            }
        }
        if (block != null) {
            nodes.add(block.toNode());
        }
        nodes.removeIf(n -> {
            if (n.name().isBlank()) {
                d.error(n.line(), 1, "'Name:' without a node name; that node is skipped");
                return true;
            }
            return false;
        });
        if (nodes.isEmpty()) {
            d.error(0, 0, "no 'Name:' block of kubectl describe node found");
        }
        return new ImportResult(source, format(), NodeLabelsPart.of(nodes, d, null), d.list());
    }

    private static void labelLine(String text, int line, int column, Block block, Diagnostics d) {
        if (text.isEmpty() || text.equals("<none>")) {
            return;
        }
        NodeLabelsReader.parsePairs(text, line, Math.max(1, column), block.labels, d);
    }

    private static Integer count(String text, int line, int column, Diagnostics d) {
        return KubernetesNodesReader.parseQuantity(text).orElseGet(() -> {
            d.warning(line, Math.max(1, column), "'" + text + "' is not a whole count; ignored");
            return null;
        });
    }

    private static final class Block {
        final String name;
        final int line;
        final Map<String, String> labels = new LinkedHashMap<>();
        Integer gpus;
        Integer cpus;

        Block(String name, int line) {
            this.name = name;
            this.line = line;
        }

        LabelledNode toNode() {
            return new LabelledNode(name, labels, gpus, cpus, line, 1);
        }
    }
}
