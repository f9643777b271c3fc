package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.SwitchNode;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Slurm's {@code switch_record_table} for {@code topology/tree}: switches in {@code topology.conf}
 * order, level 0 for leaves and 1 + the highest child level above, the parent (the last switch
 * listing it), the node bitmap below each switch, and hop distances between switches.
 *
 * <p>Source: {@code src/plugins/topology/tree/topology_tree.c} (22.05: {@code _validate_switches},
 * {@code _find_child_switches}, {@code _check_better_path}). A root's parent is index 0 in 22.05
 * (the record is {@code xcalloc}ed and never set), and {@code SWITCH_NO_PARENT} in 24.11; the
 * switch comparison walks parents, so this matters on trees of uneven depth.
 *
 * <p>The switches are those of the {@code topology.conf} the planner exports ({@link org.topoplanner.model.fabric.RailGroups#collapse}):
 * the rail leaves of a scalable unit are one leaf, as Slurm is given them, so that {@code --switches} and
 * the leaf count mean what the exported file and the metrics mean.
 *
 * <p>Built once per cluster and version ({@link #of}) and shared by every suggestion: distances
 * come from one breadth-first search per switch (Slurm's tables are the same shortest hop counts),
 * which keeps a 1,280-switch fabric to a fraction of a second where an all-pairs triple loop took
 * seconds. A switch's row is searched when first asked ({@link #distancesFrom}): a job placed on a
 * few leaves asks for a few rows, and all 1,280 (13 MB) were most of the table's build.
 */
final class SwitchTable {
    static final int NO_PARENT = -1;
    static final long INFINITE = Long.MAX_VALUE / 4;

    final List<String> names = new ArrayList<>();
    final int[] level;
    final int[] parent;
    final BitSet[] nodes;
    /** Hop counts from each switch, searched on first use; equal rows if two threads race. */
    private final AtomicReferenceArray<long[]> dist;
    /** Switch-to-switch links both ways (child links), the graph the rows are searched on. */
    private final int[][] adjacent;
    /** Child switches of each switch (resolved ones only). */
    final int[][] children;
    /** True when a switch's nodes are exactly the disjoint union of its children's nodes (sums can go bottom-up). */
    final boolean[] partitioned;
    /** Switch indices by ascending level (leaves first); unresolved switches last. */
    final int[] bottomUp;

    /** The table of {@code cluster} for {@code version}, built on first use. */
    static SwitchTable of(Cluster cluster, SlurmVersion version) {
        return ClusterIndex.of(cluster).derived("slurm-switch-table-" + version.label(),
                c -> new SwitchTable(org.topoplanner.allocator.replay.Leaves.slurmFabric(c), SlurmNode.of(c), version));
    }

    SwitchTable(Fabric fabric, List<SlurmNode> slurmNodes, SlurmVersion version) {
        List<SwitchNode> sw = fabric.switches();
        int n = sw.size();
        Map<String, Integer> index = new HashMap<>();
        for (SwitchNode s : sw) {
            index.putIfAbsent(s.name(), names.size());
            names.add(s.name());
        }
        Map<String, Integer> nodeIndex = new HashMap<>();
        slurmNodes.forEach(sn -> nodeIndex.put(sn.name(), sn.index()));
        level = new int[n];
        parent = new int[n];
        nodes = new BitSet[n];
        dist = new AtomicReferenceArray<>(n);
        children = new int[n][];
        partitioned = new boolean[n];
        Arrays.fill(parent, version == SlurmVersion.V22_05 ? 0 : NO_PARENT);
        Arrays.fill(level, -1);
        for (int i = 0; i < n; i++) {
            List<String> kids = fabric.childSwitches(names.get(i));
            int[] c = new int[kids.size()];
            int k = 0;
            for (String kid : kids) {
                Integer j = index.get(kid);
                c[k++] = j == null ? -1 : j;
            }
            children[i] = c;
            nodes[i] = new BitSet();
            if (!fabric.hostsOf(names.get(i)).isEmpty() || kids.isEmpty()) {
                level[i] = 0;
                for (String h : fabric.hostsOf(names.get(i))) {
                    Integer idx = nodeIndex.get(h);
                    if (idx != null) {
                        nodes[i].set(idx);
                    }
                }
            }
        }
        // a switch resolves once all its children have (Slurm's repeated passes); cycles never resolve
        int[] state = new int[n];
        for (int i = 0; i < n; i++) {
            resolve(i, state);
        }
        for (int i = 0; i < n; i++) {
            children[i] = Arrays.stream(children[i]).filter(j -> j >= 0).toArray();
            for (int j : children[i]) {
                parent[j] = i;
            }
        }
        // A switch above the leaves resolved as the union of its children's nodes (resolve), so they partition it
        // exactly when their counts add up to its own; each count is taken once, not once per parent and union.
        int[] count = new int[n];
        for (int i = 0; i < n; i++) {
            count[i] = nodes[i].cardinality();
        }
        for (int i = 0; i < n; i++) {
            if (level[i] <= 0) {
                continue;
            }
            int sum = 0;
            for (int j : children[i]) {
                sum += count[j];
            }
            partitioned[i] = sum == count[i];
        }
        Integer[] order = new Integer[n];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, (a, b) -> Integer.compare(level[a] < 0 ? Integer.MAX_VALUE : level[a],
                level[b] < 0 ? Integer.MAX_VALUE : level[b]));
        bottomUp = Arrays.stream(order).mapToInt(Integer::intValue).toArray();
        adjacent = adjacency(n);
    }

    /** 0 = not visited, 1 = on the stack, 2 = done. */
    private void resolve(int i, int[] state) {
        if (state[i] != 0) {
            return;
        }
        state[i] = 1;
        if (level[i] != 0) {
            int lv = -1;
            BitSet b = new BitSet();
            boolean resolved = true;
            for (int j : children[i]) {
                if (j < 0) {
                    resolved = false;
                    continue;
                }
                resolve(j, state);
                if (state[j] != 2 || level[j] < 0) {
                    resolved = false;
                    continue;
                }
                lv = Math.max(lv, level[j] + 1);
                b.or(nodes[j]);
            }
            if (resolved) {
                level[i] = lv;
                nodes[i] = b;
            }
        }
        state[i] = 2;
    }

    /** The child links both ways, as int arrays (boxed lists made the searches most of a 16,384-host import's first suggestion). */
    private int[][] adjacency(int n) {
        int[] degree = new int[n];
        for (int i = 0; i < n; i++) {
            for (int j : children[i]) {
                degree[i]++;
                degree[j]++;
            }
        }
        int[][] adj = new int[n][];
        for (int i = 0; i < n; i++) {
            adj[i] = new int[degree[i]];
        }
        int[] fill = new int[n];
        for (int i = 0; i < n; i++) {
            for (int j : children[i]) {
                adj[i][fill[i]++] = j;
                adj[j][fill[j]++] = i;
            }
        }
        return adj;
    }

    /** Hop counts from switch {@code s} over the child links, both ways ({@link #INFINITE} where none leads); do not modify. */
    long[] distancesFrom(int s) {
        long[] d = dist.get(s);
        if (d == null) {
            d = search(s);
            dist.set(s, d);
        }
        return d;
    }

    /** How many rows have been searched so far (for tests). */
    int searchedRows() {
        int k = 0;
        for (int s = 0; s < dist.length(); s++) {
            k += dist.get(s) == null ? 0 : 1;
        }
        return k;
    }

    private long[] search(int s) {
        int n = adjacent.length;
        long[] d = new long[n];
        Arrays.fill(d, INFINITE);
        d[s] = 0;
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        queue[tail++] = s;
        while (head < tail) {
            int u = queue[head++];
            for (int v : adjacent[u]) {
                if (d[v] == INFINITE) {
                    d[v] = d[u] + 1;
                    queue[tail++] = v;
                }
            }
        }
        return d;
    }

    private SwitchMembers members;

    /** Which switches hold each node and which nodes each switch holds, built on first use and kept with the table. */
    synchronized SwitchMembers members() {
        if (members == null) {
            members = new SwitchMembers(this);
        }
        return members;
    }

    int size() {
        return names.size();
    }

    boolean isLeaf(int i) {
        return level[i] == 0;
    }
}
