package org.topoplanner.allocator.slurm;

import java.util.BitSet;

/**
 * Which of the usable cores a job gets on a node: Slurm's {@code _cyclic_sync_core_bitmap}
 * ({@code dist_tasks.c}), the default {@code block:cyclic} layout. CPUs are taken one core at a
 * time round-robin over the sockets (socket 0 first, lowest free core of each); with
 * {@code -c N > 1} each socket is first filled with whole tasks. A core gives all its threads.
 */
final class CoreDistributor {
    private CoreDistributor() {
    }

    static BitSet cyclic(SlurmNode node, BitSet usable, int cpus, int cpusPerTask) {
        int sockets = node.sockets();
        int cps = node.coresPerSocket();
        int vpus = node.threadsPerCore();
        int[] start = new int[sockets];
        int[] end = new int[sockets];
        for (int s = 0; s < sockets; s++) {
            start[s] = s * cps;
            end[s] = start[s] + cps;
        }
        BitSet out = new BitSet();
        if (cpusPerTask > 1) {
            int[] cnt = new int[sockets];
            for (int s = 0; s < sockets; s++) {
                for (int j = start[s]; j < end[s]; j++) {
                    if (usable.get(j)) {
                        cnt[s] += vpus;
                    }
                }
                cnt[s] -= cnt[s] % cpusPerTask;
            }
            for (int s = 0; s < sockets && cpus > 0; s++) {
                while (start[s] < end[s] && cnt[s] > 0 && cpus > 0) {
                    if (usable.get(start[s])) {
                        out.set(start[s]);
                        cnt[s] = cnt[s] < vpus ? 0 : cnt[s] - vpus;
                        cpus = cpus < vpus ? 0 : cpus - vpus;
                    }
                    start[s]++;
                }
            }
        }
        while (cpus > 0) {
            int before = cpus;
            for (int s = 0; s < sockets && cpus > 0; s++) {
                while (start[s] < end[s] && !usable.get(start[s])) {
                    start[s]++;
                }
                if (start[s] == end[s]) {
                    continue;
                }
                out.set(start[s]);
                cpus = cpus < vpus ? 0 : cpus - vpus;
                start[s]++;
            }
            if (before == cpus) {
                return null;
            }
        }
        return out;
    }
}
