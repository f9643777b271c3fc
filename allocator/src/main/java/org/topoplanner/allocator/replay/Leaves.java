package org.topoplanner.allocator.replay;

import java.util.ArrayList;
import java.util.List;
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
            for (Block b : cluster.fabric().blocks()) {
                if (b.nodes().contains(h) && !out.contains(b.name())) {
                    out.add(b.name());
                }
            }
        }
        out.sort(String::compareTo);
        return out;
    }

    /** The fabric as the exported topology.conf gives it to Slurm, built once per cluster. */
    public static Fabric slurmFabric(Cluster cluster) {
        return ClusterIndex.of(cluster).derived("slurm-fabric", c -> RailGroups.collapse(c.fabric()));
    }
}
