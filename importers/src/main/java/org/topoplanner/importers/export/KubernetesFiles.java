package org.topoplanner.importers.export;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.importers.k8s.HyperNodeWriter;
import org.topoplanner.importers.k8s.KubeletConfigRules;
import org.topoplanner.importers.k8s.KubeletConfigWriter;
import org.topoplanner.importers.k8s.KueueTopologyWriter;
import org.topoplanner.importers.k8s.NodeLabelsWriter;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;

/**
 * The {@code k8s/} part of a bundle: the node labels as a {@code kubectl label} script and as Node
 * patches, the Volcano HyperNodes (left out when there is none), the Kueue Topology with its ResourceFlavor, and the kubelet
 * configuration ({@code kubelet-config.yaml}, or {@code kubelet-config-N.yaml} per node group when the
 * nodes differ). Each text is checked as written ({@link KubernetesExportCheck}, {@link KubeletConfigRules})
 * together with what its writer says about the cluster ({@code check}).
 */
final class KubernetesFiles {
    static final String LABELS = "k8s/node-labels.sh";
    static final String LABELS_PATCH = "k8s/node-labels-patch.yaml";
    static final String HYPERNODES = "k8s/hypernodes.yaml";
    static final String KUEUE = "k8s/kueue-topology.yaml";
    static final String KUBELET = "k8s/kubelet-config.yaml";

    private KubernetesFiles() {
    }

    static List<ExportFile> build(Cluster cluster) {
        return build(cluster, ExportOptions.DEFAULT);
    }

    static List<ExportFile> build(Cluster cluster, ExportOptions options) {
        List<ExportFile> out = new ArrayList<>();
        NodeLabelsWriter labels = new NodeLabelsWriter();
        String script = "#!/bin/sh\nset -eu\n" + labels.write(cluster);
        out.add(new ExportFile(LABELS, script, join(KubernetesExportCheck.labelScript(LABELS, script),
                at(LABELS, labels.check(cluster)))));
        String patch = labels.writePatch(cluster);
        out.add(new ExportFile(LABELS_PATCH, patch, KubernetesExportCheck.labelPatch(LABELS_PATCH, patch)));
        HyperNodeWriter hyper = new HyperNodeWriter();
        String hyperText = hyper.write(cluster);
        if (!EmptyExport.holdsNothing(hyperText)) {
            // Without a switch above the hosts there is no HyperNode, and kubectl apply rejects a file without
            // objects: the bundle leaves the file out, as it leaves out topology.conf of a cluster of blocks alone.
            out.add(new ExportFile(HYPERNODES, hyperText, join(KubernetesExportCheck.hyperNodes(HYPERNODES, hyperText),
                    at(HYPERNODES, hyper.check(cluster)))));
        }
        KueueTopologyWriter kueue = new KueueTopologyWriter();
        String kueueText = kueue.write(cluster);
        out.add(new ExportFile(KUEUE, kueueText, join(KubernetesExportCheck.kueueTopology(KUEUE, kueueText,
                new ArrayList<>()), at(KUEUE, kueue.check(cluster)))));
        List<KubeletConfigWriter.NodeGroup> groups = new KubeletConfigWriter().groups(cluster,
                options.tmPolicy(), options.tmScope());
        for (int i = 0; i < groups.size(); i++) {
            KubeletConfigWriter.NodeGroup g = groups.get(i);
            String path = groups.size() == 1 ? KUBELET : "k8s/kubelet-config-" + (i + 1) + ".yaml";
            String text = "# KubeletConfiguration for " + org.topoplanner.model.hostlist.Hostlist.compress(g.hosts())
                    + " of cluster " + cluster.name() + ", written by TopoPlanner\n" + g.text();
            out.add(new ExportFile(path, text, KubeletConfigRules.check(path, text, cluster.node(g.hosts().get(0)))));
        }
        return out;
    }

    /** A writer's cluster-level findings, placed on the file they concern. */
    static List<Diagnostic> at(String path, List<Diagnostic> found) {
        return found.stream().map(d -> new Diagnostic(d.severity(), path, d.line(), d.column(), d.message())).toList();
    }

    static List<Diagnostic> join(List<Diagnostic> a, List<Diagnostic> b) {
        List<Diagnostic> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
