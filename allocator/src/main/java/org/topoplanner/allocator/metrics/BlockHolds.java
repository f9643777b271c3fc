package org.topoplanner.allocator.metrics;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.job.Placement;

/** The hosts that running jobs keep whole through their base blocks ({@code --exclusive=topo}). */
public final class BlockHolds {
    private BlockHolds() {
    }

    /** Every host of every base block in which a job holding {@link ClusterState.Hold#WHOLE_BLOCKS} runs. */
    public static Set<String> hostsHeld(ClusterState state) {
        Set<String> out = new HashSet<>();
        for (Map.Entry<String, Placement> e : state.running().entrySet()) {
            if (state.hold(e.getKey()) != ClusterState.Hold.WHOLE_BLOCKS) {
                continue;
            }
            for (Block b : state.cluster().fabric().blocks()) {
                if (b.nodes().stream().anyMatch(h -> e.getValue().on(h).isPresent())) {
                    out.addAll(b.nodes());
                }
            }
        }
        return out;
    }
}
