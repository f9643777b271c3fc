package org.topoplanner.importers.slurm;

import java.util.stream.Collectors;
import org.topoplanner.importers.FormatWriter;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;

/**
 * Writes the blocks of a fabric as {@code topology.conf} for Slurm's topology/block plugin:
 * {@code BlockName=b1 Nodes=node[01-08]} per block in the fabric's order (Slurm fills blocks in
 * configuration order), then {@code BlockSizes=} when the fabric gives them (otherwise a comment
 * naming the levels Slurm derives itself, which {@code slurm-block} plans with too). A fabric without
 * blocks gives a file with a comment only: blocks are not inferred from the tree.
 */
public final class TopologyConfBlockWriter implements FormatWriter {
    @Override
    public String target() {
        return "slurm-topology-block";
    }

    @Override
    public String write(Cluster cluster) {
        return write(cluster.fabric());
    }

    public String write(Fabric fabric) {
        if (fabric.blocks().isEmpty()) {
            return "# no blocks: this fabric defines no topology/block layout\n";
        }
        StringBuilder out = new StringBuilder();
        for (Block b : fabric.blocks()) {
            out.append("BlockName=").append(b.name()).append(" Nodes=")
                    .append(TopologyConfHostlist.compress(b.nodes())).append('\n');
        }
        if (!fabric.blockSizes().isEmpty()) {
            out.append("BlockSizes=").append(fabric.blockSizes().stream().map(String::valueOf)
                    .collect(Collectors.joining(","))).append('\n');
        } else {
            // The planner's slurm-block places jobs with Slurm's own default levels when the fabric has no
            // sizes, so the plan needs no BlockSizes line; say which levels those are.
            int base = fabric.blocks().get(0).nodes().size();
            int count = fabric.blocks().size();
            StringBuilder levels = new StringBuilder();
            for (int level = 0; level <= 4; level++) {
                levels.append(level == 0 ? "" : ", ").append(base << level);
                if ((1 << level) >= count) {
                    break;
                }
            }
            out.append("# no BlockSizes: Slurm (24.11, 26.05) uses blocks of ").append(levels)
                    .append(" nodes (1, 2, 4, 8, 16 times the first block's ").append(base).append(")\n");
        }
        return out.toString();
    }
}
