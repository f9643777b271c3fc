package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Block;

/**
 * The node table and base blocks {@code topology/block} reads ({@link SlurmBlockPolicy#onBlocks}), built once per
 * cluster and node order: a what-if asks the policy once per job and queue pass, and rebuilding the node names'
 * numbers and each block's node set per question cost more than the selection on 4,096 nodes. A speed-up only;
 * the sets must not be changed by their readers.
 */
final class BlockTable {
    private record Key(boolean byName) {
    }

    private record BlockedKey(boolean byName) {
    }

    private record LeftOutKey(boolean byName, boolean idleOnly) {
    }

    private final List<SlurmNode> nodes;
    private final List<BitSet> bases;
    private final Map<String, Integer> index;
    /** The base blocks each node belongs to, by node-table index. */
    private final int[][] basesOfNode;

    private BlockTable(List<SlurmNode> nodes, List<BitSet> bases, Map<String, Integer> index, int[][] basesOfNode) {
        this.nodes = nodes;
        this.bases = bases;
        this.index = index;
        this.basesOfNode = basesOfNode;
    }

    /**
     * The table of {@code cluster}: nodes by name ({@link SlurmNode#of}) when {@code byName}, else in
     * {@code slurm.conf} order ({@link SlurmNode#inDefinitionOrder}).
     */
    static BlockTable of(Cluster cluster, boolean byName) {
        return ClusterIndex.of(cluster).derived(new Key(byName), c -> build(c, byName));
    }

    List<SlurmNode> nodes() {
        return nodes;
    }

    List<BitSet> bases() {
        return bases;
    }

    Map<String, Integer> index() {
        return index;
    }

    private static BlockTable build(Cluster cluster, boolean byName) {
        List<SlurmNode> nodes = byName ? SlurmNode.of(cluster) : SlurmNode.inDefinitionOrder(cluster);
        Map<String, Integer> index = new HashMap<>();
        nodes.forEach(n -> index.put(n.name(), n.index()));
        List<BitSet> bases = new ArrayList<>();
        List<List<Integer>> basesOf = new ArrayList<>();
        nodes.forEach(n -> basesOf.add(new ArrayList<>()));
        for (Block b : cluster.fabric().blocks()) {
            BitSet bits = new BitSet();
            for (String h : b.nodes()) {
                Integer k = index.get(h);
                if (k != null) {
                    bits.set(k);
                }
            }
            for (int k = bits.nextSetBit(0); k >= 0; k = bits.nextSetBit(k + 1)) {
                basesOf.get(k).add(bases.size());
            }
            bases.add(bits);
        }
        int[][] basesOfNode = new int[nodes.size()][];
        for (int k = 0; k < basesOfNode.length; k++) {
            basesOfNode[k] = basesOf.get(k).stream().mapToInt(Integer::intValue).toArray();
        }
        // nodes kept as the same list: BusyNodes recognises the name-ordered table by identity
        return new BlockTable(nodes, List.copyOf(bases), Map.copyOf(index), basesOfNode);
    }

    /**
     * Nodes of base blocks that hold an {@code --exclusive=topo} job on {@code state} (no other job goes there,
     * K5), kept with the state and updated for the hosts whose jobs changed.
     */
    BitSet blocked(ClusterState state, boolean byName) {
        return state.derived(new BlockedKey(byName), this::buildBlocked,
                (before, now, hosts) -> before.update(now, hosts)).nodes;
    }

    /**
     * Nodes sbatch's first test leaves out on {@code state} ({@code _pick_best_nodes}, node_scheduler.c, 24.11.5 and
     * 26.05.5): a sharing job's node sets keep only {@code share_node_bitmap}, so the nodes an {@code --exclusive} job
     * holds ({@code make_node_alloc} clears them for {@code share_res} 0; {@code --exclusive=topo} keeps them); a job
     * that shares nothing ({@code idleOnly}) keeps only {@code idle_node_bitmap}. Kept with the state and updated for
     * the hosts whose jobs changed; readers must not change it.
     */
    BitSet leftOutOfSubmitTest(ClusterState state, boolean byName, boolean idleOnly) {
        return state.derived(new LeftOutKey(byName, idleOnly), s -> buildLeftOut(s, idleOnly),
                (before, now, hosts) -> updateLeftOut(before, now, hosts, idleOnly));
    }

    private BitSet buildLeftOut(ClusterState state, boolean idleOnly) {
        BitSet out = new BitSet();
        for (Map.Entry<String, org.topoplanner.model.job.Placement> e : state.running().entrySet()) {
            if (!idleOnly && state.hold(e.getKey()) != ClusterState.Hold.WHOLE_NODES) {
                continue;
            }
            for (String h : e.getValue().hostNames()) {
                Integer k = index.get(h);
                if (k != null) {
                    out.set(k);
                }
            }
        }
        return out;
    }

    private BitSet updateLeftOut(BitSet before, ClusterState now, Set<String> hosts, boolean idleOnly) {
        BitSet out = (BitSet) before.clone();
        for (String h : hosts) {
            Integer k = index.get(h);
            if (k != null) {
                out.set(k, idleOnly ? !now.isIdle(h) : now.heldWhole(h));
            }
        }
        return out;
    }

    private Blocked buildBlocked(ClusterState state) {
        boolean[] held = new boolean[bases.size()];
        for (String job : state.running().keySet()) {
            if (state.hold(job) != ClusterState.Hold.WHOLE_BLOCKS) {
                continue;
            }
            for (String h : state.running().get(job).hostNames()) {
                Integer k = index.get(h);
                if (k != null) {
                    for (int b : basesOfNode[k]) {
                        held[b] = true;
                    }
                }
            }
        }
        return new Blocked(held, union(held));
    }

    private BitSet union(boolean[] held) {
        BitSet out = new BitSet();
        for (int b = 0; b < held.length; b++) {
            if (held[b]) {
                out.or(bases.get(b));
            }
        }
        return out;
    }

    /** Which base blocks an {@code --exclusive=topo} job holds, and their nodes. */
    private final class Blocked {
        private final boolean[] held;
        private final BitSet nodes;

        Blocked(boolean[] held, BitSet nodes) {
            this.held = held;
            this.nodes = nodes;
        }

        /**
         * The same for {@code now}, whose jobs differ from this one's only on {@code hosts}. A block no such job
         * held can only be held now by a job that came since, and all its hosts are among {@code hosts}: only
         * those are looked at; a block held before is looked at whole (its job may have gone).
         */
        Blocked update(ClusterState now, Set<String> hosts) {
            boolean[] next = held.clone();
            BitSet wasHeld = new BitSet();
            for (String h : hosts) {
                Integer k = index.get(h);
                if (k == null) {
                    continue;
                }
                for (int b : basesOfNode[k]) {
                    if (held[b]) {
                        wasHeld.set(b);
                    } else if (!next[b] && holdsWholeBlocks(now, h)) {
                        next[b] = true;
                    }
                }
            }
            for (int b = wasHeld.nextSetBit(0); b >= 0; b = wasHeld.nextSetBit(b + 1)) {
                next[b] = holdsWholeBlock(now, b);
            }
            boolean changed = !Arrays.equals(next, held);
            return changed ? new Blocked(next, union(next)) : new Blocked(next, nodes);
        }

        private boolean holdsWholeBlocks(ClusterState now, String host) {
            for (String job : now.jobsOn(host)) {
                if (now.hold(job) == ClusterState.Hold.WHOLE_BLOCKS) {
                    return true;
                }
            }
            return false;
        }

        private boolean holdsWholeBlock(ClusterState now, int b) {
            BitSet base = bases.get(b);
            for (int k = base.nextSetBit(0); k >= 0; k = base.nextSetBit(k + 1)) {
                if (holdsWholeBlocks(now, BlockTable.this.nodes.get(k).name())) {
                    return true;
                }
            }
            return false;
        }
    }
}
