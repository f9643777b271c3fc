package org.topoplanner.allocator.slurm;

import java.util.BitSet;

/**
 * Free GPUs of one node by socket, Slurm's {@code sock_gres_t}: {@code bySock[s]} counts free GPUs
 * whose {@code Cores=} touch socket {@code s}; {@code anySock} those without core affinity (or
 * with affinity to every socket).
 */
record GpuSockets(SlurmNode node, BitSet freeGpus, long[] bySock, long anySock, BitSet[] bits, BitSet anyBits) {

    static GpuSockets of(SlurmNode node, BitSet freeGpus, BitSet availCores) {
        return of(node, freeGpus, availCores, false);
    }

    /**
     * A GPU whose {@code Cores=} touch some sockets but not all counts once, on the first socket it touches: {@code
     * _build_sock_gres_by_topo} (22.05 {@code cons_tres/gres_sched.c}, 24.11 {@code cons_tres/gres_sock_list.c})
     * adds its count to {@code cnt_by_sock} and {@code total_cnt} and sets {@code avail_gres} to 0, which ends the
     * socket loop; under {@code enforce-binding} sockets without an available core are skipped first, and a GPU
     * none of whose sockets has one counts nowhere. 26.05 would count it on every socket it touches (total once),
     * but 26.05 sets such a node INVALID at registration ({@code _check_core_range_matches_sock}, one socket or
     * every core; {@link InvalidNodes}), so no placement there reaches this. Own probe gressock2's f1
     * ({@code Cores=0-15} on 4 sockets of 8 cores), which 24.11.5 accepts.
     */
    static GpuSockets of(SlurmNode node, BitSet freeGpus, BitSet availCores, boolean enforceBinding) {
        int sockets = node.sockets();
        long[] by = new long[sockets];
        BitSet[] bits = new BitSet[sockets];
        for (int s = 0; s < sockets; s++) {
            bits[s] = new BitSet();
        }
        BitSet any = new BitSet();
        for (SlurmGpu g : node.gpus()) {
            if (!freeGpus.get(g.index())) {
                continue;
            }
            if (isAnySocket(node, g)) {
                any.set(g.index());
                continue;
            }
            for (int s = 0; s < sockets; s++) {
                if (enforceBinding && availCores != null && !node.coresOfSocket(s).intersects(availCores)) {
                    continue;
                }
                if (g.cores().intersects(node.coresOfSocket(s))) {
                    bits[s].set(g.index());
                    by[s]++;
                    break;
                }
            }
        }
        return new GpuSockets(node, freeGpus, by, any.cardinality(), bits, any);
    }

    /** Socket-affine sets: GPUs with Cores= on the socket (whether free or not), for the GPU pickers. */
    static BitSet[] affinity(SlurmNode node) {
        BitSet[] bits = new BitSet[node.sockets()];
        for (int s = 0; s < node.sockets(); s++) {
            bits[s] = new BitSet();
            for (SlurmGpu g : node.gpus()) {
                if (!isAnySocket(node, g) && g.cores().intersects(node.coresOfSocket(s))) {
                    bits[s].set(g.index());
                }
            }
        }
        return bits;
    }

    static BitSet anyAffinity(SlurmNode node) {
        BitSet b = new BitSet();
        node.gpus().stream().filter(g -> isAnySocket(node, g)).forEach(g -> b.set(g.index()));
        return b;
    }

    static boolean isAnySocket(SlurmNode node, SlurmGpu g) {
        if (g.cores() == null) {
            return true;
        }
        for (int s = 0; s < node.sockets(); s++) {
            if (!g.cores().intersects(node.coresOfSocket(s))) {
                return false;
            }
        }
        return node.sockets() > 1;
    }

    BitSet bySockCores(int s) {
        return node.coresOfSocket(s);
    }

    long total() {
        long t = anySock;
        for (long b : bySock) {
            t += b;
        }
        return t;
    }
}
