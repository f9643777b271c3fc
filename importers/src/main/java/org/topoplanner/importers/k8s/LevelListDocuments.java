package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.model.k8s.KueueTopology;
import org.topoplanner.model.k8s.ResourceFlavor;

/**
 * Documents that are not Kueue Topologies but define the same thing, an ordered list of node-label
 * levels from the widest domain to the node, read as {@link KueueTopology}s:
 * <ul>
 * <li>Volcano's HyperNode label discovery config ({@code networkTopologyDiscovery}, source
 *     {@code label}), either bare or as YAML embedded in a ConfigMap string (parsed a second time,
 *     positions mapped back into the file); legacy list profiles and {@code nodeSelector}/{@code levels}
 *     profiles; tier names are not kept;</li>
 * <li>Koordinator's {@code ClusterNetworkTopology}, whose layers are chained by
 *     {@code parentTopologyLayer}; the label-less {@code NodeTopologyLayer} is the node itself, read as
 *     {@code kubernetes.io/hostname};</li>
 * <li>kueue-populator Helm values ({@code kueuePopulator.config.topology.levels}), which its chart
 *     renders as Topology {@code default} and ResourceFlavor {@code tas-gpu-default}
 *     (kubernetes-sigs/kueue {@code cmd/experimental/kueue-populator/charts/.../setup-hook.yaml}).</li>
 * </ul>
 */
final class LevelListDocuments {
    static final String HOSTNAME = "kubernetes.io/hostname";
    private final Diagnostics d;
    private final List<String> lines;
    final List<KueueTopology> topologies = new ArrayList<>();
    final List<ResourceFlavor> flavors = new ArrayList<>();

    LevelListDocuments(Diagnostics diagnostics, List<String> lines) {
        this.d = diagnostics;
        this.lines = lines;
    }

    /** Reads {@code doc} if it is one of these kinds; false when it is none of them. */
    boolean read(YamlDocument doc) {
        YamlValue.Mapping root = doc.mapping().orElse(null);
        if (root == null) {
            return false;
        }
        if (doc.kind().equals("ConfigMap")) {
            return configMap(root);
        }
        if (doc.kind().equals("ClusterNetworkTopology")) {
            koordinator(doc, root);
            return true;
        }
        if (root.sequence("networkTopologyDiscovery").isPresent()) {
            volcano(root.sequence("networkTopologyDiscovery").get());
            return true;
        }
        if (root.path("kueuePopulator", "config").isPresent()) {
            helm(root.path("kueuePopulator", "config").get());
            return true;
        }
        return false;
    }

    private boolean configMap(YamlValue.Mapping root) {
        boolean found = false;
        for (Map.Entry<String, YamlValue> e : root.mapping("data").map(YamlValue.Mapping::entries).orElse(Map.of())
                .entrySet()) {
            if (e.getValue() instanceof YamlValue.Scalar s && s.text().contains("networkTopologyDiscovery")) {
                found = true;
                embedded(s);
            }
        }
        if (!found) {
            d.info(root.line(), root.column(), "ConfigMap without a Volcano networkTopologyDiscovery config; skipped");
        }
        return true;
    }

    /** Parses YAML held in a string, with values and problems placed where they are in the outer file. */
    private void embedded(YamlValue.Scalar s) {
        boolean block = s.text().contains("\n");
        int lineOffset = block ? s.line() : s.line() - 1;
        int columnOffset = block ? indentOfLine(s.line() + 1) : s.column();
        for (YamlDocument doc : SafeYaml.parse(s.text(), d, lineOffset, columnOffset)) {
            doc.mapping().flatMap(m -> m.sequence("networkTopologyDiscovery")).ifPresentOrElse(this::volcano,
                    () -> d.info(s.line(), s.column(), "embedded document without networkTopologyDiscovery skipped"));
        }
    }

    /** Indentation of a 1-based line of the outer file: where a block scalar's content starts. */
    private int indentOfLine(int line) {
        if (line < 1 || line > lines.size()) {
            return 0;
        }
        String l = lines.get(line - 1);
        return l.length() - l.stripLeading().length();
    }

    private void volcano(YamlValue.Sequence sources) {
        for (YamlValue item : sources.items()) {
            if (!(item instanceof YamlValue.Mapping src)) {
                continue;
            }
            String kind = src.text("source").orElse("?");
            boolean enabled = src.text("enabled").map(Boolean::parseBoolean).orElse(false);
            if (!kind.equals("label")) {
                d.info(src.line(), src.column(), "Volcano discovery source '" + kind + "'" + (enabled ? "" : " (disabled)")
                        + " reads the live fabric; there is nothing to import from its config");
                continue;
            }
            if (!enabled) {
                d.info(src.line(), src.column(), "Volcano label discovery is disabled; its levels are read anyway");
            }
            src.path("config").flatMap(c -> c.mapping("networkTopologyTypes")).ifPresent(types ->
                    types.entries().forEach((name, profile) -> volcanoProfile(name, profile)));
        }
    }

    private void volcanoProfile(String name, YamlValue profile) {
        YamlValue.Sequence levels = profile instanceof YamlValue.Sequence seq ? seq
                : profile instanceof YamlValue.Mapping m ? m.sequence("levels").orElse(null) : null;
        if (levels == null) {
            d.warning(profile.line(), profile.column(), "Volcano topology profile " + name + " has no levels; skipped");
            return;
        }
        List<String> keys = new ArrayList<>();
        for (YamlValue l : levels.items()) {
            if (l instanceof YamlValue.Mapping lm && lm.text("nodeLabel").isPresent()) {
                keys.add(lm.text("nodeLabel").get());
            } else {
                d.warning(l.line(), l.column(), "Volcano topology profile " + name + ": level without nodeLabel skipped");
            }
        }
        d.info(profile.line(), profile.column(), "Volcano label-discovery profile " + name + " read as the level list "
                + keys + (profile instanceof YamlValue.Mapping ? " (its nodeSelector and tierNames are not kept)" : ""));
        add(name, keys, profile);
    }

    private void koordinator(YamlDocument doc, YamlValue.Mapping root) {
        Optional<YamlValue.Sequence> spec = root.path("spec").flatMap(s -> s.sequence("networkTopologySpec"));
        if (spec.isEmpty()) {
            d.warning(root.line(), root.column(), "ClusterNetworkTopology without spec.networkTopologySpec; skipped");
            return;
        }
        Map<String, YamlValue.Mapping> byParent = new HashMap<>();
        YamlValue.Mapping top = null;
        for (YamlValue v : spec.get().items()) {
            if (v instanceof YamlValue.Mapping layer) {
                Optional<String> parent = layer.text("parentTopologyLayer");
                if (parent.isEmpty()) {
                    top = top == null ? layer : top;
                } else {
                    byParent.put(parent.get(), layer);
                }
            }
        }
        List<String> keys = new ArrayList<>();
        for (int guard = 0; top != null && guard < 64; guard++) {
            String layerName = top.text("topologyLayer").orElse("?");
            List<String> labelKeys = new ArrayList<>();
            top.sequence("labelKey").ifPresent(s -> s.items().forEach(k -> {
                if (k instanceof YamlValue.Scalar ks) {
                    labelKeys.add(ks.text());
                }
            }));
            top.text("labelKey").ifPresent(labelKeys::add);
            if (labelKeys.isEmpty()) {
                d.info(top.line(), top.column(), "Koordinator layer " + layerName + " has no labelKey: it is the node"
                        + " level, read as " + HOSTNAME);
                keys.add(HOSTNAME);
            } else {
                if (labelKeys.size() > 1) {
                    d.warning(top.line(), top.column(), "Koordinator layer " + layerName + " lists several label keys "
                            + labelKeys + "; a level list keeps the first");
                }
                keys.add(labelKeys.get(0));
            }
            top = byParent.get(layerName);
        }
        add(doc.name().isEmpty() ? "default" : doc.name(), keys, root);
    }

    private void helm(YamlValue.Mapping config) {
        List<String> keys = new ArrayList<>();
        config.path("topology").flatMap(t -> t.sequence("levels")).ifPresent(levels -> levels.items().forEach(l -> {
            if (l instanceof YamlValue.Mapping lm) {
                lm.text("nodeLabel").ifPresent(keys::add);
            }
        }));
        config.sequence("tasLevels").ifPresent(levels -> levels.items().forEach(l -> {
            if (l instanceof YamlValue.Mapping lm) {
                lm.text("name").ifPresent(keys::add);
            }
        }));
        Map<String, String> nodeLabels = new LinkedHashMap<>();
        config.path("resourceFlavor", "nodeLabels").or(() -> config.mapping("nodeLabel"))
                .ifPresent(m -> m.entries().forEach((k, v) -> {
                    if (v instanceof YamlValue.Scalar s) {
                        nodeLabels.put(k, s.text());
                    }
                }));
        if (!keys.isEmpty()) {
            d.info(config.line(), config.column(), "kueue-populator Helm values: the chart creates Topology 'default'"
                    + " and ResourceFlavor 'tas-gpu-default' from them");
            add("default", keys, config);
        }
        if (!nodeLabels.isEmpty() || !keys.isEmpty()) {
            flavors.add(new ResourceFlavor("tas-gpu-default", nodeLabels, keys.isEmpty() ? null : "default"));
        }
    }

    private void add(String name, List<String> keys, YamlValue at) {
        KueueTopologyChecks.check(name, keys, at, d);
        topologies.add(new KueueTopology(name, keys));
    }
}
