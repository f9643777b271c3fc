package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Which GPUs a {@code --gpus-per-socket} job gets on one node once its cores there are chosen: Slurm's
 * {@code _set_sock_bits} (22.05 {@code select/cons_common/gres_select_filter.c}; 24.11 and 26.05
 * {@code select/cons_tres/gres_select_filter.c}), called by {@link SlurmAllocation} once the cores are laid out
 * (PROVENANCE g11f, g12c). Checked against every node of every placed
 * {@code --gpus-per-socket} line of own cases g9b, sb7a and c11f1 in all three releases ({@code SocketGpuPickTest}).
 *
 * <p>The sockets are those the job's cores use. When {@code --sockets-per-node} is more than that, sockets whose free
 * GPUs reach the per-socket count are added in socket order until it is met (g9b s2 and c11f1 e3: one CPU on g2's
 * socket 0, GPUs 0 and 2). When it is less, the source means to drop the sockets with the fewest free GPUs, but its
 * loop runs only while {@code sockets_per_node > used_sock_cnt}, which is false on that branch, so every used socket
 * keeps its GPUs (g9b s4 {@code --sockets-per-node=1 -c4}: CPUs 0, 1, 8, 9 and GPUs 0, 2; c11f1 e9 on q1: two
 * sockets, two GPUs). Each kept socket then gets the per-socket count, lowest free index first (a node with NVLink
 * {@code Links} sorts by them: not ported, no measured node has links); 24.11 and 26.05 make up a shortfall from GPUs
 * bound to no socket, then from the other kept sockets, then (without enforce-binding) from the rest; 22.05 only from
 * GPUs bound to no socket, per socket.
 */
final class SocketGpuPick {
    private SocketGpuPick() {
    }

    /**
     * The GPUs picked, and how many the request still lacked ({@code gres_needed}: 26.05 fails the job with
     * {@code ESLURM_INVALID_GRES}, 24.11 only logs it).
     */
    record Pick(BitSet gpus, long shortfall) {
    }

    static Pick pick(SlurmNode node, BitSet freeGpus, BitSet jobCores, int gpusPerSocket, int socketsPerNode,
                     boolean enforceBinding, SlurmVersion version) {
        if (version == SlurmVersion.V22_05 && !node.gresTopology()) {
            return withoutTopology22(node, freeGpus, jobCores, gpusPerSocket);
        }
        int sockets = node.sockets();
        BitSet[] affinity = GpuSockets.affinity(node);
        BitSet anySock = GpuSockets.anyAffinity(node);
        anySock.and(freeGpus);
        long[] used = new long[sockets];
        int usedSockCnt = 0;
        for (int s = 0; s < sockets; s++) {
            used[s] = node.coresOfSocket(s).intersects(jobCores) ? 1 : 0;
            usedSockCnt += (int) used[s];
        }
        if (socketsPerNode > usedSockCnt) {
            // "Somehow we have too few sockets in job allocation": add sockets with enough free GPUs
            for (int s = 0; s < sockets; s++) {
                if (used[s] > 0 || affinity[s].isEmpty()) {
                    continue;
                }
                used[s] = freeOn(affinity[s], freeGpus);
                if (used[s] == 0 || used[s] < gpusPerSocket) {
                    used[s] = 0;
                } else if (++usedSockCnt == socketsPerNode) {
                    break;
                }
            }
        } else if (socketsPerNode < usedSockCnt) {
            // "May have needed extra CPUs": a used socket without free GPUs stops counting ...
            for (int s = 0; s < sockets; s++) {
                if (used[s] == 0 || affinity[s].isEmpty()) {
                    continue;
                }
                used[s] = freeOn(affinity[s], freeGpus);
                if (used[s] == 0) {
                    usedSockCnt--;
                }
            }
            // ... and "Exclude sockets with low GRES counts" runs only once that leaves fewer than asked
            while (socketsPerNode > usedSockCnt) {
                int low = -1;
                for (int s = sockets - 1; s >= 0; s--) {
                    if (used[s] != 0 && (low == -1 || used[s] < used[low])) {
                        low = s;
                    }
                }
                if (low == -1) {
                    break;
                }
                used[low] = 0;
                usedSockCnt--;
            }
        }
        BitSet picked = new BitSet();
        if (!version.atLeast(SlurmVersion.V24_11)) {
            long short22 = 0;
            for (int s = 0; s < sockets; s++) {
                if (used[s] == 0) {
                    continue;
                }
                long still = take(affinity[s], freeGpus, picked, gpusPerSocket);
                short22 += take(anySock, freeGpus, picked, still);
            }
            return new Pick(picked, short22);
        }
        long needed = (long) Math.max(usedSockCnt, 0) * gpusPerSocket;
        for (int s = 0; s < sockets; s++) {
            if (used[s] != 0) {
                needed -= gpusPerSocket - take(affinity[s], freeGpus, picked, gpusPerSocket);
            }
        }
        needed = take(anySock, freeGpus, picked, needed);
        for (int s = 0; s < sockets && needed > 0; s++) {
            if (used[s] != 0) {
                needed = take(affinity[s], freeGpus, picked, needed);
            }
        }
        for (int s = 0; s < sockets && needed > 0 && !enforceBinding; s++) {
            if (used[s] == 0) {
                needed = take(affinity[s], freeGpus, picked, needed);
            }
        }
        return new Pick(picked, Math.max(needed, 0));
    }

    /**
     * 22.05 on a node without GPU topology records ({@link SlurmNode#gresTopology}: no {@code Cores=} or type in
     * gres.conf, {@code topo_cnt == 0}): {@code gres_select_filter_select_and_set} ({@code
     * select/cons_common/gres_select_filter.c}) only sets a count, {@code gres_per_socket} times {@code _get_sock_cnt},
     * and {@code _get_sock_cnt} has no {@code break} after the first core of a socket, so it counts every core of the
     * job there, not the sockets; {@code gres_ctld_job_alloc} then takes the lowest free GPUs. Own case featfz1 f17
     * ({@code -N1 --sockets-per-node=1 --gpus-per-socket=1 -n2} on c2, one socket, four GPUs without {@code Cores=}):
     * 22.05.8 gives two GPUs, 0 and 1. 24.11 and 26.05 count sockets ({@code _get_node_sock_specs}... {@code if
     * (core_cnt) args->used_sock_cnt++}, {@code cons_tres/gres_select_filter.c}) and give one. A count above the
     * node's free GPUs gives none (below).
     */
    private static Pick withoutTopology22(SlurmNode node, BitSet freeGpus, BitSet jobCores, int gpusPerSocket) {
        // "No allocated cores found" returns 1
        long count = (long) gpusPerSocket * Math.max(1, jobCores.cardinality());
        BitSet all = new BitSet();
        all.set(0, node.gpus().size());
        BitSet free = (BitSet) freeGpus.clone();
        free.and(all);
        if (count > free.cardinality()) {
            // _job_alloc (22.05 slurmctld/gres_ctld.c): gres_cnt_alloc + gres_cnt > gres_cnt_avail is
            // "overallocated resources", SLURM_ERROR before any GPU bit is set; the job still runs, without GPUs
            // on that node. Own case featfz12 f54 (-N1 --sockets-per-node=1 --gpus-per-socket=1 -c4 on c1, GPU 0
            // held): 22.05.8 runs it on c1 cores 3-6 with no GPU, and f62 then gets c1's GPU 1
            return new Pick(new BitSet(), count);
        }
        BitSet picked = new BitSet();
        long left = take(all, freeGpus, picked, count);
        return new Pick(picked, left);
    }

    private static long freeOn(BitSet socketGpus, BitSet freeGpus) {
        BitSet b = (BitSet) socketGpus.clone();
        b.and(freeGpus);
        return b.cardinality();
    }

    /** {@code _pick_gres_topo} without links: up to {@code count} free, unpicked GPUs of the set; returns what is left. */
    private static long take(BitSet from, BitSet freeGpus, BitSet picked, long count) {
        long left = count;
        for (int g = from.nextSetBit(0); g >= 0 && left > 0; g = from.nextSetBit(g + 1)) {
            if (freeGpus.get(g) && !picked.get(g)) {
                picked.set(g);
                left--;
            }
        }
        return left;
    }
}
