package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;

/**
 * Writes the fabric as node labels in a domain of our own, since Kubernetes reserves
 * {@code kubernetes.io} and defines no rack or switch labels: {@code topoplanner.org/tier-N}
 * names the switch at fabric tier N above the node (tier-1 the leaf), {@code topoplanner.org/block}
 * its NVLink block, and {@code topoplanner.org/cluster} the cluster, which the Kueue
 * ResourceFlavor selects. The tier keys are exactly the levels of {@link KueueTopologyWriter}'s Topology,
 * and so is {@code nvidia.com/gpu.clique} when every host is in an NVLink domain ({@link DomainTier}).
 *
 * <p>{@link #write} gives a {@code kubectl label} script; {@link #writePatch} the same labels as Node
 * documents ({@code kubectl patch node NAME --type merge} per document, or read back as
 * {@code kubectl get nodes -o yaml}). Values that are not valid label values (a switch named
 * {@code MF0;leaf01:MQM8700/U1}) are cleaned up deterministically by {@link LabelSyntax#toLabelValue}.
 */
public final class NodeLabelsWriter implements KubernetesExport {

    @Override
    public String target() {
        return "k8s-labels";
    }

    /** Host to labels, in fabric host order. */
    public Map<String, Map<String, String>> labels(Cluster cluster) {
        TierPaths paths = new TierPaths(cluster);
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        String clusterValue = KubernetesExport.clusterValue(cluster);
        DomainTier domains = new DomainTier(cluster);
        paths.byHost().forEach((host, path) -> {
            Map<String, String> labels = new LinkedHashMap<>();
            labels.put(CLUSTER_LABEL, clusterValue);
            path.forEach((tier, sw) -> labels.put(KubernetesExport.tierKey(tier), LabelSyntax.toLabelValue(sw)));
            String block = paths.blockOf().get(host);
            if (block != null) {
                labels.put(TopologyLabelFamily.TOPOPLANNER_BLOCK, LabelSyntax.toLabelValue(block));
            }
            domains.valueOf(host).ifPresent(v -> labels.put(CliqueLabels.CLIQUE_LABEL, v));
            out.put(host, labels);
        });
        return out;
    }

    @Override
    public String write(Cluster cluster) {
        StringBuilder b = new StringBuilder();
        b.append("# TopoPlanner node labels for cluster ").append(cluster.name()).append('\n');
        b.append("# ").append(TopologyLabelFamily.TOPOPLANNER_TIER_PREFIX)
                .append("N is the switch at fabric tier N above the node (tier-1 is the leaf).\n");
        labels(cluster).forEach((host, labels) -> {
            b.append("kubectl label node ").append(shellWord(host)).append(" --overwrite");
            labels.forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
            b.append('\n');
        });
        return b.toString();
    }

    /** The labels as one Node document per host (name and labels only). */
    public String writePatch(Cluster cluster) {
        StringBuilder b = new StringBuilder();
        labels(cluster).forEach((host, labels) -> {
            b.append("---\napiVersion: v1\nkind: Node\nmetadata:\n  name: ").append(TierPaths.quoted(host))
                    .append("\n  labels:\n");
            labels.forEach((k, v) -> b.append("    ").append(k).append(": ").append(TierPaths.quoted(v)).append('\n'));
        });
        return b.toString();
    }

    @Override
    public List<Diagnostic> check(Cluster cluster) {
        List<Diagnostic> out = new ArrayList<>(new TierPaths(cluster).problems());
        out.addAll(new DomainTier(cluster).problems(cluster));
        for (String host : cluster.fabric().hosts().stream().map(h -> h.name()).toList()) {
            if (!LabelSyntax.isObjectName(host)) {
                out.add(Diagnostic.error("", 0, 0, "host " + host + " is not a valid Kubernetes node name"
                        + " (a lowercase DNS subdomain); kubectl cannot label it"));
            }
        }
        if (!LabelSyntax.isValue(cluster.name())) {
            out.add(Diagnostic.info("", 0, 0, "cluster name " + cluster.name() + " is written as label value "
                    + KubernetesExport.clusterValue(cluster)));
        }
        cluster.fabric().switches().stream().filter(s -> !LabelSyntax.isValue(s.name())).forEach(s ->
                out.add(Diagnostic.info("", 0, 0, "switch " + s.name() + " is written as label value "
                        + LabelSyntax.toLabelValue(s.name()))));
        return out;
    }

    private static String shellWord(String s) {
        return s.matches("[A-Za-z0-9._-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
