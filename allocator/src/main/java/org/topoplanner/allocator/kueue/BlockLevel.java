package org.topoplanner.allocator.kueue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Block;

/**
 * The block as a level of a fabric-derived Kueue Topology on a cluster of blocks alone (topology/block, no
 * switch tier), named {@value #LABEL} as the exported node labels and Topology name it, so that
 * {@code --kueue-required topoplanner.org/block} keeps a job inside one block as the exported Topology does.
 *
 * <p>Only without switch tiers (a block may straddle two leaves, and a Kueue level must nest in the one above),
 * without an NVLink clique level (which would already be these domains), and only when every host is in a
 * block: Kueue leaves out a node that lacks a level's label.
 */
final class BlockLevel {
    static final String LABEL = "topoplanner.org/block";

    private BlockLevel() {
    }

    /** {@code levels} with the block level just above the hostname, or unchanged when it does not apply. */
    static TopologyLevels insert(TopologyLevels levels, Cluster cluster) {
        if (cluster.fabric().maxTier() != 0 || cluster.fabric().blocks().isEmpty()
                || levels.levels().contains(CliqueLevel.LABEL) || levels.levels().contains(LABEL)) {
            return levels;
        }
        Map<String, String> blockOf = new HashMap<>();
        for (Block b : cluster.fabric().blocks()) {
            b.nodes().forEach(n -> blockOf.putIfAbsent(n, b.name()));
        }
        if (!cluster.hostNames().stream().allMatch(blockOf::containsKey)) {
            return levels;
        }
        int at = levels.levels().size() - 1;
        List<String> names = new ArrayList<>(levels.levels());
        names.add(at, LABEL);
        Map<String, List<String>> values = new LinkedHashMap<>();
        levels.values().forEach((host, v) -> {
            List<String> withBlock = new ArrayList<>(v);
            withBlock.add(at, blockOf.get(host));
            values.put(host, withBlock);
        });
        return new TopologyLevels(levels.name(), names, values);
    }
}
