package org.topoplanner.importers.merge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.k8s.HyperNode;
import org.topoplanner.model.k8s.KubernetesSettings;
import org.topoplanner.model.k8s.KueueTopology;
import org.topoplanner.model.k8s.ResourceFlavor;
import org.topoplanner.model.slurm.GresLine;
import org.topoplanner.model.slurm.NodeLine;
import org.topoplanner.model.slurm.SlurmSettings;
import org.topoplanner.model.slurm.SlurmTopology;

/**
 * Concatenates the Slurm and Kubernetes settings of several sources. The same node line, key or
 * node label given twice with different values is a warning, and the first value is kept.
 */
final class SettingsMerger {
    private final List<Diagnostic> out;
    private final Map<String, NodeLine> nodeLines = new LinkedHashMap<>();
    private final List<GresLine> gres = new ArrayList<>();
    private final Map<String, String> keys = new LinkedHashMap<>();
    private final List<SlurmTopology> slurmTopologies = new ArrayList<>();
    private final List<HyperNode> hyperNodes = new ArrayList<>();
    private final List<KueueTopology> topologies = new ArrayList<>();
    private final List<ResourceFlavor> flavors = new ArrayList<>();
    private final Map<String, Map<String, String>> labels = new LinkedHashMap<>();

    SettingsMerger(List<Diagnostic> out) {
        this.out = out;
    }

    void add(ImportResult r) {
        String path = r.source().path();
        SlurmSettings s = r.part().slurm();
        for (NodeLine n : s.nodeLines()) {
            NodeLine before = nodeLines.putIfAbsent(n.name(), n);
            if (before != null && !before.equals(n)) {
                out.add(Diagnostic.warning(path, 0, 0, "node line of " + n.name() + " differs from an earlier source's;"
                        + " kept the earlier one"));
            }
        }
        s.gres().stream().filter(g -> !gres.contains(g)).forEach(gres::add);
        if (!s.topologies().isEmpty()) {
            // one topology.yaml describes a cluster's topologies: a second, different one is not mixed in
            if (slurmTopologies.isEmpty()) {
                slurmTopologies.addAll(s.topologies());
            } else if (!slurmTopologies.equals(s.topologies())) {
                out.add(Diagnostic.warning(path, 0, 0, "a second set of topology.yaml topologies differs from an"
                        + " earlier source's; kept the earlier one"));
            }
        }
        s.keys().forEach((k, v) -> {
            String before = keys.putIfAbsent(k, v);
            if (before != null && !before.equals(v)) {
                out.add(Diagnostic.warning(path, 0, 0, k + "=" + v + " here, " + before + " in an earlier source;"
                        + " kept " + before));
            }
        });
        KubernetesSettings k = r.part().kubernetes();
        k.hyperNodes().stream().filter(h -> !hyperNodes.contains(h)).forEach(hyperNodes::add);
        k.topologies().stream().filter(t -> !topologies.contains(t)).forEach(topologies::add);
        k.flavors().stream().filter(f -> !flavors.contains(f)).forEach(flavors::add);
        k.nodeLabels().forEach((node, l) -> {
            Map<String, String> mine = labels.computeIfAbsent(node, x -> new LinkedHashMap<>());
            l.forEach((key, value) -> {
                String before = mine.putIfAbsent(key, value);
                if (before != null && !before.equals(value)) {
                    out.add(Diagnostic.warning(path, 0, 0, node + ": label " + key + "=" + value + " here, " + before
                            + " in an earlier source; kept " + before));
                }
            });
        });
    }

    String keyIgnoringCase(String key) {
        return keys.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(key)).map(Map.Entry::getValue)
                .findFirst().orElse(null);
    }

    SlurmSettings slurm() {
        return new SlurmSettings(List.copyOf(nodeLines.values()), gres, keys, slurmTopologies);
    }

    KubernetesSettings kubernetes() {
        return new KubernetesSettings(hyperNodes, topologies, flavors, labels);
    }
}
