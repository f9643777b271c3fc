package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.SlurmVersion;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.SwitchNode;

/**
 * Slurm's {@code switch_record_table} for {@code topology/tree}: switches in {@code topology.conf}
 * order, level 0 for leaves and 1 + the highest child level above, the parent (the last switch
 * listing it), the node bitmap below each switch, and hop distances between switches.
 *
 * <p>Source: {@code src/plugins/topology/tree/topology_tree.c} (22.05: {@code _validate_switches},
 * {@code _find_child_switches}, {@code _check_better_path}). A root's parent is index 0 in 22.05
 * (the record is {@code xcalloc}ed and never set), and {@code SWITCH_NO_PARENT} in 24.11; the
 * switch comparison walks parents, so this matters on trees of uneven depth.
 */
final class SwitchTable {
    static final int NO_PARENT = -1;
    static final long INFINITE = Long.MAX_VALUE / 4;

    final List<String> names = new ArrayList<>();
    final int[] level;
    final int[] parent;
    final BitSet[] nodes;
    final long[][] dist;

    SwitchTable(Fabric fabric, List<SlurmNode> slurmNodes, SlurmVersion version) {
        List<SwitchNode> sw = fabric.switches();
        int n = sw.size();
        sw.forEach(s -> names.add(s.name()));
        Map<String, Integer> nodeIndex = new HashMap<>();
        slurmNodes.forEach(sn -> nodeIndex.put(sn.name(), sn.index()));
        level = new int[n];
        parent = new int[n];
        nodes = new BitSet[n];
        dist = new long[n][n];
        Arrays.fill(parent, version == SlurmVersion.V22_05 ? 0 : NO_PARENT);
        Arrays.fill(level, -1);
        for (int i = 0; i < n; i++) {
            nodes[i] = new BitSet();
            if (!fabric.hostsOf(names.get(i)).isEmpty() || fabric.childSwitches(names.get(i)).isEmpty()) {
                level[i] = 0;
                for (String h : fabric.hostsOf(names.get(i))) {
                    Integer idx = nodeIndex.get(h);
                    if (idx != null) {
                        nodes[i].set(idx);
                    }
                }
            }
        }
        for (int pass = 0; pass < n + 1; pass++) {
            for (int i = 0; i < n; i++) {
                if (level[i] == 0) {
                    continue;
                }
                int lv = -1;
                BitSet b = new BitSet();
                boolean resolved = true;
                for (String c : fabric.childSwitches(names.get(i))) {
                    int j = names.indexOf(c);
                    if (j < 0 || level[j] < 0) {
                        resolved = false;
                        break;
                    }
                    lv = Math.max(lv, level[j] + 1);
                    b.or(nodes[j]);
                }
                if (resolved) {
                    level[i] = lv;
                    nodes[i] = b;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            Arrays.fill(dist[i], INFINITE);
            dist[i][i] = 0;
        }
        for (int i = 0; i < n; i++) {
            for (String c : fabric.childSwitches(names.get(i))) {
                int j = names.indexOf(c);
                if (j >= 0) {
                    parent[j] = i;
                    dist[i][j] = 1;
                    dist[j][i] = 1;
                }
            }
        }
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    if (dist[i][k] + dist[k][j] < dist[i][j]) {
                        dist[i][j] = dist[i][k] + dist[k][j];
                    }
                }
            }
        }
    }

    int size() {
        return names.size();
    }

    boolean isLeaf(int i) {
        return level[i] == 0;
    }
}
