package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.k8s.KubernetesSettings;
import org.topoplanner.model.k8s.KueueTopology;
import org.topoplanner.model.k8s.ResourceFlavor;
import org.topoplanner.model.k8s.TasRequest;

/**
 * Reads Kueue Topology Aware Scheduling files: {@code Topology} ({@code kueue.x-k8s.io} v1alpha1,
 * v1beta1 or v1beta2; the schemas are the same), {@code ResourceFlavor} with {@code topologyName} and
 * {@code nodeLabels}, and workloads whose pod templates carry TAS annotations ({@link #readAll} returns
 * their {@link TasRequest}s). Queues are skipped with a note. Level lists of other tools (Volcano label
 * discovery, Koordinator, kueue-populator values) are read by {@link LevelListDocuments}.
 */
public final class KueueTopologyReader implements FormatReader {
    static final String GROUP = "kueue.x-k8s.io";

    @Override
    public Format format() {
        return Format.KUEUE_TOPOLOGY;
    }

    @Override
    public int detect(SourceText source) {
        String t = source.text().length() > 200_000 ? source.text().substring(0, 200_000) : source.text();
        if (t.contains(GROUP) && (t.matches("(?s).*kind:\\s*[\"']?(Topology|ResourceFlavor)\\b.*"))) {
            return 95;
        }
        if (t.contains(TasAnnotations.PREFIX + "podset-")) {
            return 80;
        }
        if (t.contains("networkTopologyDiscovery") || t.contains("ClusterNetworkTopology")) {
            return 75;
        }
        return t.contains("kueuePopulator") ? 70 : 0;
    }

    @Override
    public ImportResult read(SourceText source) {
        return readAll(source).result();
    }

    /** The cluster side and the workloads' TAS requests. */
    public KueueReading readAll(SourceText source) {
        Diagnostics d = new Diagnostics(source.path());
        List<KueueTopology> topologies = new ArrayList<>();
        Map<String, ResourceFlavor> flavors = new LinkedHashMap<>();
        List<TasRequest> requests = new ArrayList<>();
        LevelListDocuments levelLists = new LevelListDocuments(d, source.lines());
        TasAnnotations tas = new TasAnnotations(d);
        for (YamlDocument doc : SafeYaml.parse(source.text(), d)) {
            Optional<YamlValue.Mapping> root = doc.mapping();
            if (root.isEmpty()) {
                continue;
            }
            String kind = doc.kind();
            if (doc.apiGroup().equals(GROUP)) {
                versionNote(doc, d);
                switch (kind) {
                    case "Topology" -> topology(doc, root.get(), d).ifPresent(topologies::add);
                    case "ResourceFlavor" -> flavor(doc, root.get(), d).ifPresent(f -> flavors.put(f.name(), f));
                    default -> d.info(doc.line(), 1, "Kueue " + kind + " " + doc.name()
                            + " skipped: it sets quotas, not topology");
                }
            } else if (hasPodTemplates(root.get())) {
                requests.addAll(tas.read(doc));
            } else if (!levelLists.read(doc)) {
                d.info(doc.line(), 1, "document of kind '" + kind + "' has no Kueue topology; skipped");
            }
        }
        topologies.addAll(levelLists.topologies);
        levelLists.flavors.forEach(f -> flavors.putIfAbsent(f.name(), f));
        for (ResourceFlavor f : flavors.values()) {
            if (f.topologyName() != null && topologies.stream().noneMatch(t -> t.name().equals(f.topologyName()))) {
                d.info(0, 0, "ResourceFlavor " + f.name() + " follows topology " + f.topologyName()
                        + ", which this file does not define");
            }
        }
        if (topologies.isEmpty() && flavors.isEmpty() && requests.isEmpty()) {
            d.error(0, 0, "no Kueue Topology, ResourceFlavor or TAS annotation found");
        }
        KubernetesSettings k8s = new KubernetesSettings(List.of(), topologies, List.copyOf(flavors.values()), Map.of());
        ClusterPart part = new ClusterPart(null, Map.of(), Map.of(), null, k8s, null);
        return new KueueReading(new ImportResult(source, format(), part, d.list()), requests);
    }

    private static boolean hasPodTemplates(YamlValue.Mapping root) {
        return root.path("spec", "template").isPresent() || root.path("spec").flatMap(s -> s.sequence("replicatedJobs"))
                .isPresent();
    }

    private static void versionNote(YamlDocument doc, Diagnostics d) {
        String v = doc.apiVersion().substring(GROUP.length() + 1);
        if (v.equals("v1beta1")) {
            d.info(doc.line(), 1, doc.kind() + " " + doc.name() + ": kueue.x-k8s.io/v1beta1 is deprecated since Kueue"
                    + " v0.16 (same schema as v1beta2)");
        } else if (!v.equals("v1beta2") && !v.equals("v1alpha1")) {
            d.warning(doc.line(), 1, doc.kind() + " " + doc.name() + ": unknown Kueue API version " + v);
        }
    }

    private static Optional<KueueTopology> topology(YamlDocument doc, YamlValue.Mapping root, Diagnostics d) {
        Optional<YamlValue.Sequence> levels = root.path("spec").flatMap(s -> s.sequence("levels"));
        if (doc.name().isBlank() || levels.isEmpty()) {
            d.error(doc.line(), 1, "Topology without metadata.name or spec.levels skipped");
            return Optional.empty();
        }
        List<String> keys = new ArrayList<>();
        for (YamlValue l : levels.get().items()) {
            Optional<String> key = l instanceof YamlValue.Mapping m ? m.text("nodeLabel") : Optional.empty();
            if (key.isPresent()) {
                keys.add(key.get());
            } else {
                d.warning(l.line(), l.column(), "Topology " + doc.name() + ": level without nodeLabel skipped");
            }
        }
        KueueTopologyChecks.check(doc.name(), keys, levels.get(), d);
        return Optional.of(new KueueTopology(doc.name(), keys));
    }

    private static Optional<ResourceFlavor> flavor(YamlDocument doc, YamlValue.Mapping root, Diagnostics d) {
        if (doc.name().isBlank()) {
            d.error(doc.line(), 1, "ResourceFlavor without metadata.name skipped");
            return Optional.empty();
        }
        Map<String, String> labels = new LinkedHashMap<>();
        Optional<YamlValue.Mapping> spec = root.mapping("spec");
        spec.flatMap(s -> s.mapping("nodeLabels")).ifPresent(m -> m.entries().forEach((k, v) -> {
            if (v instanceof YamlValue.Scalar s) {
                labels.put(k, s.text());
                LabelSyntax.keyProblem(k).ifPresent(p -> d.warning(s.line(), s.column(), p));
                LabelSyntax.valueProblem(s.text()).ifPresent(p -> d.warning(s.line(), s.column(), p));
            }
        }));
        String topologyName = spec.flatMap(s -> s.text("topologyName")).orElse(null);
        if (topologyName != null && labels.isEmpty()) {
            d.warning(doc.line(), 1, "ResourceFlavor " + doc.name() + " sets topologyName without nodeLabels;"
                    + " Kueue's CEL rule rejects it");
        }
        if (labels.size() > 8) {
            d.warning(doc.line(), 1, "ResourceFlavor " + doc.name() + " has more than 8 nodeLabels");
        }
        return Optional.of(new ResourceFlavor(doc.name(), labels, topologyName));
    }
}
