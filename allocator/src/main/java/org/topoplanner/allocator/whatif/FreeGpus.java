package org.topoplanner.allocator.whatif;

import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * Free GPUs per host and how many hosts have each count free, kept up to date as jobs start and end: the
 * run's utilisation and stranded-GPU figures, and a quick test that spares asking a policy about a job the
 * design cannot hold right now (a job of N nodes with G GPUs each needs N hosts with G GPUs free, whatever
 * the policy). Kept in arrays by host number so that a copy (the EASY reservation's scratch) costs one array
 * copy, not a map of every host.
 */
final class FreeGpus {
    private final ClusterIndex index;
    private final int[] total;
    private final int[] host;
    private final int[] hostsWithFree;
    private final int all;
    private int free;
    private int stranded;

    FreeGpus(Cluster cluster) {
        index = ClusterIndex.of(cluster);
        total = new int[index.size()];
        int most = 0;
        int sum = 0;
        for (int h = 0; h < total.length; h++) {
            int g = cluster.node(index.host(h)).gpus().size();
            total[h] = g;
            most = Math.max(most, g);
            sum += g;
        }
        host = total.clone();
        hostsWithFree = new int[most + 1];
        for (int g : total) {
            hostsWithFree[g]++;
        }
        all = sum;
        free = sum;
    }

    int all() {
        return all;
    }

    int free() {
        return free;
    }

    int busy() {
        return all - free;
    }

    /** Free GPUs on hosts where some but not all GPUs are in use. */
    int stranded() {
        return stranded;
    }

    void take(Placement p) {
        p.hosts().forEach(a -> change(a, -1));
    }

    void give(Placement p) {
        p.hosts().forEach(a -> change(a, +1));
    }

    private void change(HostAllocation a, int sign) {
        int h = index.number(a.host());
        if (h < 0) {
            return;
        }
        int before = host[h];
        int t = total[h];
        int after = Math.max(0, Math.min(t, before + sign * a.gpus().size()));
        stranded -= partly(before, t);
        stranded += partly(after, t);
        hostsWithFree[before]--;
        hostsWithFree[after]++;
        free += after - before;
        host[h] = after;
    }

    private static int partly(int freeOnHost, int totalOnHost) {
        return freeOnHost > 0 && freeOnHost < totalOnHost ? freeOnHost : 0;
    }

    /** False when no policy could place {@code nodes} nodes of {@code perNode} GPUs now; true when one might. */
    boolean mightHold(int nodes, Integer perNode, int gpus) {
        if (gpus > free) {
            return false;
        }
        if (perNode == null || perNode <= 0) {
            return true;
        }
        if (perNode >= hostsWithFree.length) {
            return false;
        }
        int hosts = 0;
        for (int k = perNode; k < hostsWithFree.length; k++) {
            hosts += hostsWithFree[k];
        }
        return hosts >= nodes;
    }

    /** A copy to play "what if these jobs ended" on (the EASY reservation). */
    FreeGpus copy() {
        return new FreeGpus(this);
    }

    private FreeGpus(FreeGpus o) {
        index = o.index;
        total = o.total;
        host = o.host.clone();
        hostsWithFree = o.hostsWithFree.clone();
        all = o.all;
        free = o.free;
        stranded = o.stranded;
    }
}
