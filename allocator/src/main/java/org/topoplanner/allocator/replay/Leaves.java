package org.topoplanner.allocator.replay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.RailGroups;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.job.Placement;

/**
 * The {@code leaves} of a harness job line: the leaf switches ({@code topology/tree}) or base
 * blocks ({@code topology/block}) holding the job's nodes, sorted by name as the harness prints them.
 * The leaves are those of the exported {@code topology.conf} ({@link RailGroups#collapse}): on a
 * rail-optimised fabric a scalable unit's rail leaves are one leaf, as Slurm is given them.
 */
public final class Leaves {
    private Leaves() {
    }

    public static List<String> of(Cluster cluster, Placement p) {
        List<String> out = new ArrayList<>();
        Fabric slurm = slurmFabric(cluster);
        for (String h : p.hostNames()) {
            for (String s : slurm.switchesOf(h)) {
                if (!out.contains(s)) {
                    out.add(s);
                }
            }
            for (String b : blocksOf(cluster).getOrDefault(h, List.of())) {
                if (!out.contains(b)) {
                    out.add(b);
                }
            }
        }
        out.sort(String::compareTo);
        return out;
    }

    /** Each host's base blocks, in the fabric's order, built once per cluster (a 256-node job would search every block's list). */
    private static Map<String, List<String>> blocksOf(Cluster cluster) {
        return ClusterIndex.of(cluster).derived("host-blocks", c -> {
            Map<String, List<String>> out = new HashMap<>();
            for (Block b : c.fabric().blocks()) {
                for (String h : b.nodes()) {
                    List<String> in = out.computeIfAbsent(h, x -> new ArrayList<>());
                    if (!in.contains(b.name())) {
                        in.add(b.name());
                    }
                }
            }
            return out;
        });
    }

    /** The fabric as the exported topology.conf gives it to Slurm, built once per cluster. */
    public static Fabric slurmFabric(Cluster cluster) {
        return ClusterIndex.of(cluster).derived("slurm-fabric", c -> RailGroups.collapse(c.fabric()));
    }
}
