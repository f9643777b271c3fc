package org.topoplanner.importers.export;

import java.util.Optional;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;

/**
 * What {@code convert} says of a file that would hold nothing for this cluster. The bundle simply leaves such a
 * file out (and its {@code slurm-topology-keys.conf} says which plugin to set); {@code convert} writes the one file
 * asked for, so an empty file its consumer rejects, or reads as something else, is refused with the target that
 * holds what the cluster has, and an empty file that is right as it is says so.
 */
final class EmptyExport {
    private EmptyExport() {
    }

    /** For a {@code slurm/} file the bundle leaves out of this cluster's export. */
    static Optional<Diagnostic> refusal(Cluster cluster, String file, String path) {
        int switches = (int) cluster.fabric().switches().stream().filter(s -> s.tier() >= 1).count();
        int blocks = cluster.fabric().blocks().size();
        if (switches == 0 && blocks == 0 && (file.equals(SlurmFiles.TOPOLOGY) || file.equals(SlurmFiles.TOPOLOGY_BLOCK))) {
            // topology/tree and topology/block both log "No switches/blocks configured" and keep going with an
            // empty table (slurm 24.11 src/plugins/topology/{tree/switch_record.c,block/block_record.c}); without
            // a topology the right configuration is no topology.conf and no TopologyPlugin (topology/flat).
            return Optional.of(Diagnostic.error(path, 1, 1, "the cluster has no switches and no blocks: there is no"
                    + " topology to write, and an empty topology.conf under a topology plugin places jobs on no"
                    + " topology at all; write no topology.conf and leave TopologyPlugin unset (topology/flat)"));
        }
        if (file.equals(SlurmFiles.TOPOLOGY) && switches == 0) {
            // An empty topology.conf under topology/tree makes every node one flat group, not the blocks.
            return Optional.of(Diagnostic.error(path, 1, 1, "the cluster has blocks (" + blocks
                    + ") and no switches: a topology.conf for topology/tree would be empty; write --to"
                    + " slurm-topology-block (topology/block, Slurm 23.11 and later) instead"));
        }
        if (file.equals(SlurmFiles.TOPOLOGY_BLOCK) && blocks == 0) {
            // topology/block with no BlockName logs "No blocks configured" and keeps an empty block table, where
            // no job finds a block (slurm 24.11 block_record.c block_record_validate, eval_nodes_block.c).
            return Optional.of(Diagnostic.error(path, 1, 1, "the cluster has switches (" + switches
                    + ") and no blocks: a topology.conf for topology/block would define no block; write --to"
                    + " slurm-topology (topology/tree) instead"));
        }
        return Optional.empty();
    }

    /** For a file the bundle writes, given its text ({@code null} when it is not kept whole, as for the labels). */
    static Optional<Diagnostic> refusal(Cluster cluster, String file, String path, String text) {
        if (text == null) {
            return Optional.empty();
        }
        if (!holdsNothing(text)) {
            return Optional.empty();
        }
        if (file.equals(KubernetesFiles.HYPERNODES)) {
            // kubectl apply -f of a file without an object fails ("error: no objects passed to apply").
            String has = cluster.fabric().blocks().isEmpty() ? "no switch with hosts below it"
                    : "blocks (" + cluster.fabric().blocks().size() + ") and no switch with hosts below it";
            return Optional.of(Diagnostic.error(path, 1, 1, "the cluster has " + has + ": there is no HyperNode to"
                    + " write, and kubectl apply rejects a file without objects; Volcano needs no HyperNode then"
                    + (cluster.fabric().blocks().isEmpty() ? "" : "; the blocks are node labels (--to k8s-labels,"
                    + " topoplanner.org/block)")));
        }
        if (file.equals(SlurmFiles.GRES)) {
            // Slurm reads a gres.conf without lines as no GRES, which is what a cluster without GPUs has.
            return Optional.of(Diagnostic.info(path, 1, 1, "the cluster has no GPUs: gres.conf has no lines, which"
                    + " Slurm reads as no GRES on any node (right for this cluster)"));
        }
        return Optional.empty();
    }

    /** True when a text has no line but comments and document separators: a file that says nothing. */
    static boolean holdsNothing(String text) {
        return text.lines().map(String::strip).allMatch(l -> l.isEmpty() || l.startsWith("#") || l.equals("---"));
    }
}
