package org.topoplanner.allocator.replay;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.job.Placement;

/**
 * The {@code leaves} of a harness job line: the leaf switches ({@code topology/tree}) or base
 * blocks ({@code topology/block}) holding the job's nodes, sorted by name as the harness prints them.
 */
public final class Leaves {
    private Leaves() {
    }

    public static List<String> of(Cluster cluster, Placement p) {
        List<String> out = new ArrayList<>();
        for (String h : p.hostNames()) {
            for (String s : cluster.fabric().switchesOf(h)) {
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
}
