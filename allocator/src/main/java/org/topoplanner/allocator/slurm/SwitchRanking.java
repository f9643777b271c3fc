package org.topoplanner.allocator.slurm;

import org.topoplanner.model.slurm.SlurmVersion;

/**
 * How {@link TreeSelector} ranks the leaf switches it may add next: the hop distances to the switches already used,
 * Slurm's {@code _topo_choose_best_switch} and {@code _topo_compare_switches} (22.05: {@code cons_tres/job_test.c};
 * 24.11 and 26.05: {@code topology/tree/eval_nodes_tree.c}, which adds {@code _decrement_node_cnt}).
 */
record SwitchRanking(SwitchTable table, SlurmVersion version) {
    void addDist(long[] dist, int s) {
        long[] from = table.distancesFrom(s);
        for (int i = 0; i < dist.length; i++) {
            if (from[i] >= SwitchTable.INFINITE || dist[i] >= SwitchTable.INFINITE) {
                dist[i] = SwitchTable.INFINITE;
            } else {
                dist[i] += from[i];
            }
        }
    }

    /** 24.11's {@code _decrement_node_cnt}: taken nodes leave the counts of the leaf and all its parents. */
    void decrement(int taken, int s, int[] swCnt) {
        int guard = 0;
        for (int i = s; i >= 0 && guard++ <= table.size(); i = table.parent[i]) {
            swCnt[i] = swCnt[i] <= taken ? 0 : swCnt[i] - taken;
            if (table.parent[i] == SwitchTable.NO_PARENT) {
                break;
            }
        }
    }

    /** Slurm's {@code _topo_choose_best_switch}. */
    int choose(long[] dist, int[] cnt, int[] cpu, int remNodes, int remCpus, int i, int best) {
        if (best == -1 || dist[i] >= SwitchTable.INFINITE || cnt[i] == 0) {
            return cnt[i] != 0 && dist[i] < SwitchTable.INFINITE ? (best == -1 ? i : best) : best;
        }
        boolean[] iFit = new boolean[1];
        int tcs = better(i, best, remNodes, remCpus, cnt, cpu, iFit);
        boolean closer = dist[i] < dist[best];
        boolean take = version == SlurmVersion.V22_05
                ? (closer && tcs >= 0) || (dist[i] == dist[best] && tcs > 0)
                : (closer && iFit[0]) || (dist[i] == dist[best] && tcs > 0);
        return take ? i : best;
    }

    /** Slurm's {@code _topo_compare_switches}: 1 when {@code i} is the better fit, -1 when {@code j}, else 0. */
    int better(int i, int j, int remNodes, int remCpus, int[] cnt, int[] cpu, boolean[] iFitOut) {
        boolean cpus = version.atLeast(SlurmVersion.V24_11);
        for (int guard = 0; guard <= 2 * table.size(); guard++) {
            boolean iFit = cnt[i] >= remNodes && (!cpus || cpu[i] >= remCpus);
            boolean jFit = cnt[j] >= remNodes && (!cpus || cpu[j] >= remCpus);
            iFitOut[0] = iFit; // Slurm overwrites it on every level it compares
            if (iFit && jFit) {
                if (cnt[i] < cnt[j]) {
                    return 1;
                }
                if (cnt[i] > cnt[j]) {
                    return -1;
                }
                break;
            } else if (iFit) {
                return 1;
            } else if (jFit) {
                return -1;
            }
            int pi = table.parent[i];
            int pj = table.parent[j];
            if ((pi != i || pj != j) && pi != pj && pi != SwitchTable.NO_PARENT && pj != SwitchTable.NO_PARENT) {
                i = pi;
                j = pj;
                continue;
            }
            break;
        }
        if (cnt[i] > cnt[j]) {
            return 1;
        }
        if (cnt[i] < cnt[j]) {
            return -1;
        }
        return Integer.compare(table.level[j], table.level[i]);
    }
}
