package org.topoplanner.importers.k8s;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.k8s.KubernetesSettings;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;

/**
 * Turns labelled nodes (from any of the node-label formats) into a cluster part: the label fabric,
 * the labels themselves, and the GPU and CPU counts the source states. Also checks label syntax, so
 * a hand-edited label file with a bad key is caught on import, not when {@code kubectl} refuses it.
 */
final class NodeLabelsPart {
    /** GPU Feature Discovery labels, used when the source gives no capacity. */
    static final String GPU_COUNT_LABEL = "nvidia.com/gpu.count";
    static final String GPU_PRODUCT_LABEL = "nvidia.com/gpu.product";

    private NodeLabelsPart() {
    }

    static ClusterPart of(List<LabelledNode> nodes, Diagnostics diagnostics, String unnamedHost) {
        Map<String, Map<String, String>> labels = new LinkedHashMap<>();
        Map<String, NodeTopology> insides = new LinkedHashMap<>();
        for (LabelledNode n : nodes) {
            checkSyntax(n, diagnostics);
            labels.put(n.name(), n.labels());
            NodeTopology inside = inside(n, diagnostics);
            if (inside != null) {
                insides.put(n.name(), inside);
            }
        }
        Fabric fabric = nodes.isEmpty() ? null : new LabelFabric(diagnostics).build(nodes);
        KubernetesSettings k8s = new KubernetesSettings(List.of(), List.of(), List.of(), labels);
        return new ClusterPart(fabric, insides, Map.of(), null, k8s, unnamedHost, CliqueLabels.of(nodes, diagnostics));
    }

    private static void checkSyntax(LabelledNode n, Diagnostics diagnostics) {
        n.labels().forEach((k, v) -> {
            LabelSyntax.keyProblem(k).ifPresent(p -> diagnostics.warning(n.line(), n.column(),
                    "node " + n.name() + ": " + p));
            LabelSyntax.valueProblem(v).ifPresent(p -> diagnostics.warning(n.line(), n.column(),
                    "node " + n.name() + ", label " + k + ": " + p));
        });
    }

    private static NodeTopology inside(LabelledNode n, Diagnostics diagnostics) {
        Integer gpus = n.gpus();
        if (gpus == null && n.labels().containsKey(GPU_COUNT_LABEL)) {
            try {
                gpus = Integer.valueOf(n.labels().get(GPU_COUNT_LABEL).trim());
            } catch (NumberFormatException e) {
                diagnostics.warning(n.line(), n.column(), "node " + n.name() + ": " + GPU_COUNT_LABEL
                        + " is not a number: " + n.labels().get(GPU_COUNT_LABEL));
            }
        }
        if (gpus == null && n.cpus() == null) {
            return null;
        }
        NodeTopologyBuilder b = new NodeTopologyBuilder().counts(null, null, null, n.cpus());
        String model = n.labels().get(GPU_PRODUCT_LABEL);
        // A count from a file is bounded so that a typo cannot ask for millions of GPU objects.
        int count = gpus == null ? 0 : Math.max(0, Math.min(gpus, 1024));
        for (int i = 0; i < count; i++) {
            b.gpu(new Gpu("GPU" + i, i, model, List.of(), CpuSet.empty(), null, null, null));
        }
        return b.build();
    }
}
