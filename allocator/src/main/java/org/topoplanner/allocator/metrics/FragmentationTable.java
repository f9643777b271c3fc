package org.topoplanner.allocator.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;

/**
 * What each host adds to a state's {@link Fragmentation}, kept per state ({@link ClusterState#derived}) and
 * updated for the hosts of the jobs that came or went: the metrics of every suggestion report what the cluster
 * has left, and counting that over 16,384 hosts per suggestion cost more than the suggestion itself.
 * Immutable once built; an update copies the per-host arrays (a memory copy, not a recount).
 */
final class FragmentationTable {
    private static final Object KEY = FragmentationTable.class;

    /** The per-cluster part: host positions in {@link Cluster#hostNames()} order and their leaves. */
    private record Layout(HostPositions at, int[] leafOf, List<String> leaves) {
        static Layout of(Cluster cluster) {
            return ClusterIndex.of(cluster).derived(Layout.class, c -> {
                HostPositions at = HostPositions.of(c);
                List<String> hosts = at.hosts();
                Map<String, Integer> position = at.position();
                int[] leafOf = new int[hosts.size()];
                Arrays.fill(leafOf, -1);
                List<String> leaves = new ArrayList<>();
                for (Map.Entry<String, List<String>> e : FabricTree.of(c).byDomain(1).entrySet()) {
                    for (String h : e.getValue()) {
                        Integer p = position.get(h);
                        if (p != null) {
                            leafOf[p] = leaves.size();
                        }
                    }
                    leaves.add(e.getKey());
                }
                return new Layout(at, leafOf, List.copyOf(leaves));
            });
        }
    }

    private final Layout layout;
    private final boolean[] free;
    private final int[] freeGpus;
    private final int[] stranded;
    /** Per leaf: how many of its hosts are not free. */
    private final int[] notFreeInLeaf;
    private int freeNodes;
    private int freeGpuTotal;
    private int strandedTotal;
    private volatile Fragmentation result;

    private FragmentationTable(Layout layout, boolean[] free, int[] freeGpus, int[] stranded, int[] notFreeInLeaf,
                               int freeNodes, int freeGpuTotal, int strandedTotal) {
        this.layout = layout;
        this.free = free;
        this.freeGpus = freeGpus;
        this.stranded = stranded;
        this.notFreeInLeaf = notFreeInLeaf;
        this.freeNodes = freeNodes;
        this.freeGpuTotal = freeGpuTotal;
        this.strandedTotal = strandedTotal;
    }

    /** The table of {@code state}, built once per state or updated from an earlier state's. */
    static FragmentationTable of(ClusterState state) {
        return state.derived(KEY, FragmentationTable::build, FragmentationTable::update);
    }

    private static FragmentationTable build(ClusterState state) {
        Layout layout = Layout.of(state.cluster());
        int n = layout.at().hosts().size();
        int[] notFree = new int[layout.leaves().size()];
        for (int p = 0; p < n; p++) {
            if (layout.leafOf()[p] >= 0) {
                notFree[layout.leafOf()[p]]++;
            }
        }
        FragmentationTable t = new FragmentationTable(layout, new boolean[n], new int[n], new int[n], notFree, 0, 0, 0);
        Set<String> blocked = BlockHolds.hostsHeld(state);
        for (int p = 0; p < n; p++) {
            t.recount(p, state, blocked);
        }
        return t;
    }

    private static FragmentationTable update(FragmentationTable before, ClusterState now, Set<String> changed) {
        Layout layout = before.layout;
        FragmentationTable t = new FragmentationTable(layout, before.free.clone(), before.freeGpus.clone(),
                before.stranded.clone(), before.notFreeInLeaf.clone(), before.freeNodes, before.freeGpuTotal,
                before.strandedTotal);
        Set<String> blocked = layout.at().heldWhole(now);
        for (int p : layout.at().touchedBy(changed)) {
            t.recount(p, now, blocked);
        }
        return t;
    }

    /** Replaces host {@code p}'s share with what it adds on {@code state}; only while the table is being made. */
    private void recount(int p, ClusterState state, Set<String> blocked) {
        String h = layout.at().hosts().get(p);
        boolean wasFree = free[p];
        freeGpuTotal -= freeGpus[p];
        strandedTotal -= stranded[p];
        boolean isFree = false;
        int gpus = 0;
        int strandedHere = 0;
        if (!blocked.contains(h) && !state.heldWhole(h)) {
            isFree = state.isIdle(h);
            List<Integer> freeHere = state.freeGpus(h);
            gpus = freeHere.size();
            if (gpus > 0 && Fragmentation.strands(state.cluster().node(h), freeHere, state.freeCores(h).isEmpty())) {
                strandedHere = gpus;
            }
        }
        free[p] = isFree;
        freeGpus[p] = gpus;
        stranded[p] = strandedHere;
        freeGpuTotal += gpus;
        strandedTotal += strandedHere;
        if (wasFree != isFree) {
            freeNodes += isFree ? 1 : -1;
            int leaf = layout.leafOf()[p];
            if (leaf >= 0) {
                notFreeInLeaf[leaf] += isFree ? -1 : 1;
            }
        }
    }

    Fragmentation fragmentation() {
        Fragmentation f = result;
        if (f == null) {
            List<String> leaves = new ArrayList<>();
            for (int i = 0; i < notFreeInLeaf.length; i++) {
                if (notFreeInLeaf[i] == 0) {
                    leaves.add(layout.leaves().get(i));
                }
            }
            f = new Fragmentation(freeNodes, leaves, freeGpuTotal, strandedTotal);
            result = f;
        }
        return f;
    }
}
