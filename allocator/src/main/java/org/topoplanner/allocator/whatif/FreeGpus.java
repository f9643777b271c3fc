package org.topoplanner.allocator.whatif;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * Free GPUs per host and how many hosts have each count free, kept up to date as jobs start and end: the
 * run's utilisation and stranded-GPU figures, and a quick test that spares asking a policy about a job the
 * design cannot hold right now (a job of N nodes with G GPUs each needs N hosts with G GPUs free, whatever
 * the policy).
 */
final class FreeGpus {
    private final Map<String, Integer> host = new HashMap<>();
    private final Map<String, Integer> total = new HashMap<>();
    private final int[] hostsWithFree;
    private final int all;
    private int free;
    private int stranded;

    FreeGpus(Cluster cluster) {
        int most = 0;
        int sum = 0;
        for (String h : cluster.hostNames()) {
            int g = cluster.node(h).gpus().size();
            host.put(h, g);
            total.put(h, g);
            most = Math.max(most, g);
            sum += g;
        }
        hostsWithFree = new int[most + 1];
        host.values().forEach(g -> hostsWithFree[g]++);
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
        Integer before = host.get(a.host());
        if (before == null) {
            return;
        }
        int t = total.get(a.host());
        int after = Math.max(0, Math.min(t, before + sign * a.gpus().size()));
        stranded -= partly(before, t);
        stranded += partly(after, t);
        hostsWithFree[before]--;
        hostsWithFree[after]++;
        free += after - before;
        host.put(a.host(), after);
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
        host.putAll(o.host);
        total.putAll(o.total);
        hostsWithFree = o.hostsWithFree.clone();
        all = o.all;
        free = o.free;
        stranded = o.stranded;
    }

    static int gpusOf(List<HostAllocation> hosts) {
        return hosts.stream().mapToInt(a -> a.gpus().size()).sum();
    }
}
