package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;

/**
 * Writes a Kueue {@code Topology} ({@code kueue.x-k8s.io/v1beta2}, the storage version since Kueue
 * v0.16) whose levels are the tier labels of {@link NodeLabelsWriter} from the top tier down, ending at
 * {@code kubernetes.io/hostname}, and a {@code ResourceFlavor} that follows it and selects the cluster's
 * nodes by {@code topoplanner.org/cluster} (a TAS flavor needs at least one node label).
 */
public final class KueueTopologyWriter implements KubernetesExport {
    static final String API_VERSION = "kueue.x-k8s.io/v1beta2";

    @Override
    public String target() {
        return "kueue-topology";
    }

    /** The Topology's and the ResourceFlavor's name. */
    public static String objectName(Cluster cluster) {
        return LabelSyntax.toObjectName(cluster.name());
    }

    /**
     * The levels, widest first; with NVLink domains on every host, {@code nvidia.com/gpu.clique} just
     * below the lowest switch tier that holds each domain whole (as the kueue-tas policy models it).
     */
    public static List<String> levels(Cluster cluster) {
        List<String> levels = new ArrayList<>();
        for (int t = cluster.fabric().maxTier(); t >= 1; t--) {
            levels.add(KubernetesExport.tierKey(t));
        }
        DomainTier domains = new DomainTier(cluster);
        if (domains.written()) {
            levels.add(domains.cliquePosition(new TierPaths(cluster)), CliqueLabels.CLIQUE_LABEL);
        }
        levels.add(LevelListDocuments.HOSTNAME);
        return levels;
    }

    @Override
    public String write(Cluster cluster) {
        String name = TierPaths.quoted(objectName(cluster));
        StringBuilder b = new StringBuilder();
        b.append("apiVersion: ").append(API_VERSION).append("\nkind: Topology\nmetadata:\n  name: ").append(name)
                .append("\nspec:\n  levels:\n");
        levels(cluster).forEach(l -> b.append("  - nodeLabel: ").append(TierPaths.quoted(l)).append('\n'));
        b.append("---\napiVersion: ").append(API_VERSION).append("\nkind: ResourceFlavor\nmetadata:\n  name: ")
                .append(name).append("\nspec:\n  nodeLabels:\n    ").append(CLUSTER_LABEL).append(": ")
                .append(TierPaths.quoted(KubernetesExport.clusterValue(cluster))).append("\n  topologyName: ")
                .append(name).append('\n');
        return b.toString();
    }

    @Override
    public List<Diagnostic> check(Cluster cluster) {
        List<Diagnostic> out = new ArrayList<>();
        List<String> levels = levels(cluster);
        if (levels.size() > KueueTopologyChecks.MAX_LEVELS) {
            out.add(Diagnostic.error("", 0, 0, "the Topology has " + levels.size() + " levels; a Kueue Topology"
                    + " holds at most " + KueueTopologyChecks.MAX_LEVELS + " levels including the hostname"));
        }
        out.addAll(new DomainTier(cluster).problems(cluster));
        if (cluster.fabric().maxTier() == 0) {
            // A cluster of blocks alone loses its blocks here: say where they went, so --force is a choice.
            int blocks = cluster.fabric().blocks().size();
            out.add(Diagnostic.warning("", 0, 0, "the fabric has no switch tiers; the Topology has only the hostname level"
                    + (blocks == 0 ? "" : ", not the cluster's " + blocks + " blocks (they are only node labels, --to"
                    + " k8s-labels, " + TopologyLabelFamily.TOPOPLANNER_BLOCK + ")")));
        }
        if (!objectName(cluster).equals(cluster.name())) {
            out.add(Diagnostic.info("", 0, 0, "cluster " + cluster.name() + " is written as Topology and"
                    + " ResourceFlavor " + objectName(cluster)));
        }
        out.addAll(new NodeLabelsWriter().check(cluster).stream().filter(Diagnostic::isError).toList());
        return out;
    }
}
