package org.topoplanner.importers.export;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.topoplanner.importers.slurm.GresConfWriter;
import org.topoplanner.importers.slurm.SlurmKeysWriter;
import org.topoplanner.importers.slurm.SlurmNodeLinesWriter;
import org.topoplanner.importers.slurm.TopologyConfBlockWriter;
import org.topoplanner.importers.slurm.TopologyConfWriter;
import org.topoplanner.importers.slurm.TopologyYamlWriter;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The {@code slurm/} part of a bundle: {@code topology.conf} (tree) and, where the cluster has blocks,
 * {@code topology-block.conf}; {@code topology.yaml} when asked or when the cluster has several named topologies
 * (older Slurm keeps reading {@code topology.conf}, 25.05 and later read the YAML instead); {@code gres.conf}; the node lines; and the {@code slurm.conf} keys that
 * switch the plugins on. Each text comes from the format's own writer and is checked by
 * {@link SlurmExportCheck} as written, and the cluster by {@link SlurmMissingFacts} for what the writers
 * would have to make up. {@code convert} gets the same verdict for each of these files ({@link ExportVerdict}).
 */
final class SlurmFiles {
    static final String TOPOLOGY = "slurm/topology.conf";
    static final String TOPOLOGY_BLOCK = "slurm/topology-block.conf";
    static final String TOPOLOGY_YAML = "slurm/topology.yaml";
    static final String GRES = "slurm/gres.conf";
    static final String NODES = "slurm/slurm-nodes.conf";
    static final String KEYS = "slurm/slurm-topology-keys.conf";

    private SlurmFiles() {
    }

    /**
     * {@code topology.conf} alone, with the findings {@link #build} gives it, for {@code convert}: the other
     * files are neither written nor read back (at 16,384 hosts they were half of a warm convert). Empty when
     * the cluster's plugin is not the tree, where the bundle has no tree file and its other findings count.
     */
    static Optional<ExportFile> topologyAlone(Cluster cluster) {
        if (SlurmKeysWriter.pluginFor(cluster.fabric()) != SlurmKeysWriter.Plugin.TREE) {
            return Optional.empty();
        }
        String text = new TopologyConfWriter().write(cluster);
        List<Diagnostic> found = SlurmExportCheck.treeAlone(text, new HashSet<>(cluster.hostNames()),
                () -> new SlurmNodeLinesWriter().write(cluster));
        return Optional.of(new ExportFile(TOPOLOGY, text, found));
    }

    static List<ExportFile> build(Cluster cluster) {
        return build(cluster, false, SlurmVersion.DEFAULT);
    }

    /**
     * @param topologyYaml also write {@code topology.yaml} (Slurm 25.05+), which is written anyway when the
     *                     cluster has more than one named topology (no {@code topology.conf} can say that)
     * @param release      the Slurm release the files are for ({@link SlurmRelease}): a tree cluster's blocks are
     *                     left out for a release without topology/block (its keys file says so), and what that
     *                     release cannot read at all is an error on the file
     */
    static List<ExportFile> build(Cluster cluster, boolean topologyYaml, SlurmVersion release) {
        boolean tree = SlurmKeysWriter.pluginFor(cluster.fabric()) == SlurmKeysWriter.Plugin.TREE;
        boolean blocks = !cluster.fabric().blocks().isEmpty() && (release.hasBlockTopology() || !tree);
        String treeText = tree ? new TopologyConfWriter().write(cluster) : null;
        String blockText = blocks ? new TopologyConfBlockWriter().write(cluster) : null;
        String gres = new GresConfWriter().write(cluster);
        String nodes = new SlurmNodeLinesWriter().write(cluster);
        String keys = new SlurmKeysWriter().write(cluster, release);
        Map<String, List<Diagnostic>> found = new java.util.LinkedHashMap<>(
                SlurmExportCheck.check(treeText, blockText, gres, nodes, keys, release));
        if (blocks && !tree) {
            SlurmRelease.blockFile(release, TOPOLOGY_BLOCK).ifPresent(d -> found.merge(TOPOLOGY_BLOCK, List.of(d),
                    KubernetesFiles::join));
        }
        SlurmMissingFacts.check(cluster).forEach((path, more) -> found.merge(path, more, KubernetesFiles::join));
        List<ExportFile> out = new ArrayList<>();
        if (treeText != null) {
            out.add(new ExportFile(TOPOLOGY, treeText, found.getOrDefault(TOPOLOGY, List.of())));
        }
        if (blockText != null) {
            out.add(new ExportFile(TOPOLOGY_BLOCK, blockText, found.getOrDefault(TOPOLOGY_BLOCK, List.of())));
        }
        if (topologyYaml || cluster.slurm().topologies().size() > 1) {
            String yaml = new TopologyYamlWriter().write(cluster);
            List<Diagnostic> checked = new ArrayList<>();
            SlurmRelease.topologyYaml(release, cluster, TOPOLOGY_YAML).ifPresent(checked::add);
            checked.addAll(TopologyYamlCheck.check(cluster, yaml, TOPOLOGY_YAML));
            out.add(new ExportFile(TOPOLOGY_YAML, yaml, checked));
        }
        out.add(new ExportFile(GRES, gres, found.getOrDefault(GRES, List.of())));
        out.add(new ExportFile(NODES, nodes, found.getOrDefault(NODES, List.of())));
        out.add(new ExportFile(KEYS, keys, found.getOrDefault(KEYS, List.of())));
        return out;
    }
}
