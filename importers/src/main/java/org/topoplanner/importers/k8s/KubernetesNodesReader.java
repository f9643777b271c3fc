package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;

/**
 * Reads {@code kubectl get nodes -o yaml} or {@code -o json}: a {@code List} (or {@code NodeList}) of
 * {@code Node}s, or single Node documents, possibly several separated by {@code ---}. Takes each node's
 * labels and its {@code status.capacity} of {@code cpu} and {@code nvidia.com/gpu}.
 */
public final class KubernetesNodesReader implements FormatReader {
    private static final Pattern NODE_KIND = Pattern.compile("(?m)^\\s*\"?kind\"?\\s*:\\s*\"?(Node|NodeList)\"?\\s*,?\\s*$");

    @Override
    public Format format() {
        return Format.KUBERNETES_NODES;
    }

    @Override
    public int detect(SourceText source) {
        String head = source.text().length() > 200_000 ? source.text().substring(0, 200_000) : source.text();
        return NODE_KIND.matcher(head).find() ? 90 : 0;
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics d = new Diagnostics(source.path());
        List<LabelledNode> nodes = new ArrayList<>();
        for (YamlDocument doc : SafeYaml.parse(source.text(), d)) {
            Optional<YamlValue.Mapping> root = doc.mapping();
            if (root.isEmpty()) {
                continue;
            }
            String kind = doc.kind();
            if (kind.equals("Node")) {
                node(root.get(), nodes, d);
            } else if (kind.equals("List") || kind.equals("NodeList")) {
                root.get().sequence("items").ifPresent(items -> items.items().forEach(item -> {
                    if (item instanceof YamlValue.Mapping m && m.text("kind").orElse("Node").equals("Node")) {
                        node(m, nodes, d);
                    } else {
                        d.info(item.line(), item.column(), "list item that is not a Node skipped");
                    }
                }));
            } else {
                d.info(doc.line(), 1, "document of kind '" + kind + "' is not a Node; skipped");
            }
        }
        if (nodes.isEmpty()) {
            d.error(0, 0, "no Node found");
        }
        return new ImportResult(source, format(), NodeLabelsPart.of(nodes, d, null), d.list());
    }

    private static void node(YamlValue.Mapping node, List<LabelledNode> out, Diagnostics d) {
        Optional<YamlValue.Mapping> meta = node.mapping("metadata");
        Optional<String> name = meta.flatMap(m -> m.text("name"));
        if (name.isEmpty() || name.get().isBlank()) {
            d.error(node.line(), node.column(), "Node without metadata.name skipped");
            return;
        }
        Map<String, String> labels = new LinkedHashMap<>();
        meta.flatMap(m -> m.mapping("labels")).ifPresent(l -> l.entries().forEach((k, v) -> {
            if (v instanceof YamlValue.Scalar s) {
                if (!s.isString()) {
                    d.warning(s.line(), s.column(), "label " + k + ": value " + s.text() + " is a " + s.tag()
                            + ", Kubernetes wants a string; quote it");
                }
                labels.put(k, s.isNull() ? "" : s.text());
            } else {
                d.warning(v.line(), v.column(), "label " + k + " is not a plain value; skipped");
            }
        }));
        Optional<YamlValue.Mapping> capacity = node.path("status", "capacity");
        Integer cpus = capacity.flatMap(c -> quantity(c, "cpu", d)).orElse(null);
        Integer gpus = capacity.flatMap(c -> quantity(c, "nvidia.com/gpu", d)).orElse(null);
        out.add(new LabelledNode(name.get(), labels, gpus, cpus, node.line(), node.column()));
    }

    /** A whole-number Kubernetes quantity ({@code "8"}, {@code 8}, {@code "64000m"}). */
    static Optional<Integer> quantity(YamlValue.Mapping m, String key, Diagnostics d) {
        Optional<String> text = m.text(key);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        Optional<Integer> n = parseQuantity(text.get());
        if (n.isEmpty()) {
            YamlValue v = m.get(key).orElseThrow();
            d.warning(v.line(), v.column(), key + ": '" + text.get() + "' is not a whole count; ignored");
        }
        return n;
    }

    static Optional<Integer> parseQuantity(String text) {
        String t = text.strip();
        try {
            if (t.endsWith("m")) {
                long milli = Long.parseLong(t.substring(0, t.length() - 1));
                return milli % 1000 == 0 && milli >= 0 && milli / 1000 <= Integer.MAX_VALUE
                        ? Optional.of((int) (milli / 1000)) : Optional.empty();
            }
            int n = Integer.parseInt(t);
            return n >= 0 ? Optional.of(n) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
