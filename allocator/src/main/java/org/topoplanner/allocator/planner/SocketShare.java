package org.topoplanner.allocator.planner;

import java.util.BitSet;
import org.topoplanner.allocator.NodeShape;

/**
 * Slurm's per-socket rule for {@code --cpus-per-gpu} with {@code --gres-flags=enforce-binding}: a
 * socket serves at most its free CPUs over CPUs-per-GPU of the job's GPUs ({@code gres_select_filter_sock_core}
 * in 22.05.8 and 24.11.5: {@code cnt_avail_sock = MIN(cnt_avail_sock, avail_cores_per_sock * cpus_per_core /
 * cpus_per_gres)}). So three GPUs split 2+1 over the sockets, with 8 CPUs each, need 16 free CPUs on the
 * 2-GPU socket, however many the other socket has (own case {@code binding} x1: {@code Resources}).
 * A GPU whose affine cores span several sockets (or none) is not bound to one and is not counted.
 */
record SocketShare(int[] gpuSocket, int[] freeCpus, int cpusPerGpu) {

    /** The rule for {@code d} on a node with free cores {@code freeCores}; {@code null} when it does not apply. */
    static SocketShare of(NodeShape shape, BitSet freeCores, NodeDemand d) {
        if (!d.enforceBinding() || d.cpusPerGpu() <= 0) {
            return null;
        }
        int sockets = shape.cpuIds().sockets();
        int tpc = shape.cpuIds().threadsPerCore();
        int[] free = new int[sockets];
        for (int c = freeCores.nextSetBit(0); c >= 0 && c < shape.cores(); c = freeCores.nextSetBit(c + 1)) {
            free[shape.coreSocket(c)] += tpc;
        }
        int[] socket = new int[shape.gpus()];
        for (int g = 0; g < shape.gpus(); g++) {
            socket[g] = socketOf(shape, shape.affineCores(g));
        }
        return new SocketShare(socket, free, d.cpusPerGpu());
    }

    /** Whether every socket has the CPUs for the GPUs of {@code subset} (bit per GPU position) on it. */
    boolean holds(long subset) {
        int[] count = new int[freeCpus.length];
        for (long b = subset; b != 0; b &= b - 1) {
            int s = gpuSocket[Long.numberOfTrailingZeros(b)];
            if (s >= 0 && (long) ++count[s] * cpusPerGpu > freeCpus[s]) {
                return false;
            }
        }
        return true;
    }

    private static int socketOf(NodeShape shape, BitSet cores) {
        int socket = -1;
        for (int c = cores.nextSetBit(0); c >= 0 && c < shape.cores(); c = cores.nextSetBit(c + 1)) {
            int s = shape.coreSocket(c);
            if (socket >= 0 && s != socket) {
                return -1;
            }
            socket = s;
        }
        return socket;
    }
}
