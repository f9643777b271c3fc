package org.topoplanner.allocator.slurm;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.StateUsage;

/**
 * What is free on each busy node of a state ({@link FreeResources#use}), for jobs of one GPU type, kept with the
 * state and carried to the next one: a what-if or replay changes one job at a time, and recounting every busy
 * node of a 4,096-node tree for each question cost more than the rest of the attempt. A speed-up only: each entry
 * is what {@code use} gives for that node on that state. Idle nodes have no entry (the attempt shares one
 * {@link NodeUse} per layout for them), nor nodes held whole.
 */
final class BusyNodes {
    private record Key(String gpuType, String ownPartition) {
    }

    private final NodeUse[] uses;

    private BusyNodes(NodeUse[] uses) {
        this.uses = uses;
    }

    /**
     * The table of {@code state} for {@code job}'s GPU type, when {@code nodes} is the cluster's node table in
     * name order ({@link SlurmNode#of}); {@code null} for another order, which the caller counts itself.
     */
    static BusyNodes of(ClusterState state, List<SlurmNode> nodes, SlurmJobSpec job) {
        if (nodes != SlurmNode.of(state.cluster())) {
            return null;
        }
        String type = job.gpuType();
        String own = job.ownPartition();
        return state.derived(new Key(type, own), s -> build(s, nodes, type, own), (before, now, hosts) ->
                before.update(now, nodes, type, own, hosts));
    }

    /** What is free on busy node {@code n}: the same as {@link FreeResources#use} on this state. */
    NodeUse use(SlurmNode n) {
        return uses[n.index()];
    }

    private static BusyNodes build(ClusterState state, List<SlurmNode> nodes, String type, String own) {
        StateUsage usage = state.usage();
        NodeUse[] uses = new NodeUse[nodes.size()];
        for (SlurmNode n : nodes) {
            uses[n.index()] = busy(usage, n, type, own);
        }
        return new BusyNodes(uses);
    }

    private BusyNodes update(ClusterState now, List<SlurmNode> nodes, String type, String own, Set<String> hosts) {
        StateUsage usage = now.usage();
        ClusterIndex index = usage.index();
        int[] nodeOfHost = nodeOfHost(now, nodes);
        NodeUse[] next = uses.clone();
        for (String host : hosts) {
            int h = index.number(host);
            if (h >= 0 && nodeOfHost[h] >= 0) {
                SlurmNode n = nodes.get(nodeOfHost[h]);
                next[n.index()] = busy(usage, n, type, own);
            }
        }
        return new BusyNodes(next);
    }

    private static NodeUse busy(StateUsage usage, SlurmNode n, String type, String own) {
        if (usage.idle(n.host()) || usage.heldWhole(n.host())) {
            return null;
        }
        return FreeResources.use(usage, n, type, own);
    }

    /** The node-table index of each host number, built once per cluster. */
    private static int[] nodeOfHost(ClusterState state, List<SlurmNode> nodes) {
        return ClusterIndex.of(state.cluster()).derived(BusyNodes.class, c -> {
            int[] out = new int[ClusterIndex.of(c).size()];
            Arrays.fill(out, -1);
            for (SlurmNode n : nodes) {
                out[n.host()] = n.index();
            }
            return out;
        });
    }
}
