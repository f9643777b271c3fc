package org.topoplanner.allocator.metrics;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.NodeTopology;

/**
 * What a cluster state leaves for the next jobs: whole nodes, whole leaves, and free GPUs in shapes that
 * serve no multi-GPU job.
 *
 * @param freeNodes     hosts with no job on them (and in no block a job holds whole)
 * @param freeLeaves    leaves all of whose hosts are free, in fabric order
 * @param freeGpus      GPUs no job uses on hosts nobody holds whole
 * @param strandedGpus  free GPUs that no multi-GPU job can use well: on a host with no free core, or on a
 *                      host whose GPUs have NVLink where no two free GPUs are NVLinked (a lone free GPU
 *                      of an NVLink node counts: the next NVLink job cannot use it)
 */
public record Fragmentation(int freeNodes, List<String> freeLeaves, int freeGpus, int strandedGpus) {
    public Fragmentation {
        freeLeaves = List.copyOf(freeLeaves);
    }

    /**
     * What {@code state} leaves. On the cluster's own fabric this reads a per-state table updated as jobs come
     * and go ({@link FragmentationTable}), so the cost grows with the jobs that changed, not with the cluster.
     */
    public static Fragmentation of(ClusterState state, FabricTree tree) {
        if (tree.fabric() == state.cluster().fabric()) {
            return FragmentationTable.of(state).fragmentation();
        }
        return scan(state, tree);
    }

    /** The same by visiting every host: the definition the table must agree with. */
    static Fragmentation scan(ClusterState state, FabricTree tree) {
        Cluster cluster = state.cluster();
        Set<String> blocked = BlockHolds.hostsHeld(state);
        Set<String> free = new HashSet<>();
        int freeGpus = 0;
        int stranded = 0;
        for (String h : cluster.hostNames()) {
            if (blocked.contains(h) || state.heldWhole(h)) {
                continue;
            }
            if (state.isIdle(h)) {
                free.add(h);
            }
            List<Integer> gpus = state.freeGpus(h);
            freeGpus += gpus.size();
            if (!gpus.isEmpty() && strands(cluster.node(h), gpus, state.freeCores(h).isEmpty())) {
                stranded += gpus.size();
            }
        }
        List<String> leaves = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : tree.byDomain(1).entrySet()) {
            if (free.containsAll(e.getValue())) {
                leaves.add(e.getKey());
            }
        }
        return new Fragmentation(free.size(), leaves, freeGpus, stranded);
    }

    static boolean strands(NodeTopology node, List<Integer> freeGpus, boolean noFreeCore) {
        if (noFreeCore) {
            return true;
        }
        boolean nodeHasNvlink = node.links().stream().anyMatch(l -> l.kind() == LinkKind.NV
                && l.a().startsWith("GPU") && l.b().startsWith("GPU"));
        if (!nodeHasNvlink) {
            return false;
        }
        for (int i = 0; i < freeGpus.size(); i++) {
            for (int j = i + 1; j < freeGpus.size(); j++) {
                String a = node.gpu(freeGpus.get(i)).map(g -> g.id()).orElse("");
                String b = node.gpu(freeGpus.get(j)).map(g -> g.id()).orElse("");
                if (node.link(a, b).map(DeviceLink::kind).orElse(null) == LinkKind.NV) {
                    return false;
                }
            }
        }
        return true;
    }
}
