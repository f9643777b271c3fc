package org.topoplanner.allocator.slurm;

import java.util.BitSet;

/**
 * Which of the usable cores a job gets on a node: Slurm's {@code _cyclic_sync_core_bitmap}
 * ({@code dist_tasks.c}), the default {@code block:cyclic} layout. CPUs are taken one core at a
 * time round-robin over the sockets (socket 0 first, lowest free core of each); with
 * {@code -c N > 1} each socket is first filled with whole tasks. A core gives all its threads.
 * With {@code --ntasks-per-socket} the whole-task packing is replaced by socket avoidance: each socket counts
 * at most {@code ntasks_per_socket x cpus_per_task} CPUs, and from socket 0 up a socket is left out while the
 * others still hold the node's CPUs ({@code sock_avoid}, the same code in 22.05, 24.11 and 26.05). So one task
 * of {@code -n3 --ntasks-per-socket=1 -c4} runs on socket 1 of an idle two-socket node (own case fuzz42 p8,
 * h5: CPUs 16-19 in all three versions; fuzz41 p21 g2: CPUs 16-17).
 */
final class CoreDistributor {
    private CoreDistributor() {
    }

    static BitSet cyclic(SlurmNode node, BitSet usable, int cpus, int cpusPerTask, Integer ntasksPerSocket) {
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
        boolean[] avoid = new boolean[sockets];
        if (ntasksPerSocket != null) {
            int perSocket = ntasksPerSocket * cpusPerTask;
            int[] cnt = new int[sockets];
            long total = 0;
            for (int s = 0; s < sockets; s++) {
                for (int j = start[s]; j < end[s]; j++) {
                    if (usable.get(j)) {
                        cnt[s] += vpus;
                    }
                }
                total += cnt[s];
            }
            for (int s = 0; s < sockets && total > cpus; s++) {
                if (cnt[s] > perSocket) {
                    total -= cnt[s] - perSocket;
                    cnt[s] = perSocket;
                }
            }
            for (int s = 0; s < sockets && total > cpus; s++) {
                if (cnt[s] <= perSocket && total - cnt[s] >= cpus) {
                    avoid[s] = true;
                    total -= cnt[s];
                }
            }
        } else if (cpusPerTask > 1) {
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
                if (avoid[s]) {
                    continue;
                }
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
