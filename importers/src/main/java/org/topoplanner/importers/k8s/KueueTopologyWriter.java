package org.topoplanner.importers.k8s;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;

/**
 * Writes a Kueue {@code Topology} ({@code kueue.x-k8s.io/v1beta2}, the storage version since Kueue
 * v0.16) whose levels are the tier labels of {@link NodeLabelsWriter} from the top tier down, ending at
 * {@code kubernetes.io/hostname}, and a {@code ResourceFlavor} that follows it and selects the cluster's
 * nodes by {@code topoplanner.org/cluster} (a TAS flavor needs at least one node label). A cluster of
 * blocks alone (no switch tier) has the block label {@code topoplanner.org/block} as its level above the
 * hostname when every host is in one block: the blocks are its only network domains, and Kueue places a
 * node only when it carries every level's label.
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
        } else if (blockLevel(cluster)) {
            levels.add(TopologyLabelFamily.TOPOPLANNER_BLOCK);
        }
        levels.add(LevelListDocuments.HOSTNAME);
        return levels;
    }

    /**
     * Whether the block label is a level: no switch tier to nest the blocks in (with tiers a block may
     * straddle two switches, and a Kueue level must nest in the one above), no NVLink clique level that
     * would already be these domains, and every host labelled with exactly one block.
     */
    static boolean blockLevel(Cluster cluster) {
        if (cluster.fabric().maxTier() != 0 || cluster.fabric().blocks().isEmpty()) {
            return false;
        }
        return hostsOutsideBlocks(cluster).isEmpty();
    }

    private static List<String> hostsOutsideBlocks(Cluster cluster) {
        Map<String, String> blockOf = new TierPaths(cluster).blockOf();
        return cluster.fabric().hosts().stream().map(h -> h.name()).filter(h -> !blockOf.containsKey(h)).toList();
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
        if (cluster.fabric().maxTier() == 0 && !levels.contains(TopologyLabelFamily.TOPOPLANNER_BLOCK)
                && !levels.contains(CliqueLabels.CLIQUE_LABEL)) {
            // Blocks that do not cover every host cannot be a level: say which hosts, so --force is a choice.
            int blocks = cluster.fabric().blocks().size();
            List<String> outside = hostsOutsideBlocks(cluster);
            out.add(Diagnostic.warning("", 0, 0, "the fabric has no switch tiers; the Topology has only the hostname level"
                    + (blocks == 0 ? "" : ", not the cluster's " + blocks + " blocks: " + outside.size()
                    + " host(s) are in none (" + String.join(", ", outside.subList(0, Math.min(3, outside.size())))
                    + (outside.size() > 3 ? ", ..." : "") + "), and Kueue leaves out a node without a level's"
                    + " label (the blocks are only node labels, --to k8s-labels, "
                    + TopologyLabelFamily.TOPOPLANNER_BLOCK + ")")));
        }
        if (!objectName(cluster).equals(cluster.name())) {
            out.add(Diagnostic.info("", 0, 0, "cluster " + cluster.name() + " is written as Topology and"
                    + " ResourceFlavor " + objectName(cluster)));
        }
        out.addAll(new NodeLabelsWriter().check(cluster).stream().filter(Diagnostic::isError).toList());
        return out;
    }
}
