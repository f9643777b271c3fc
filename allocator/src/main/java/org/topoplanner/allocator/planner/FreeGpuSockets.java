package org.topoplanner.allocator.planner;

import java.util.BitSet;
import org.topoplanner.allocator.NodeShape;
import org.topoplanner.allocator.StateUsage;

/**
 * One host's free cores and free GPUs by socket, as Slurm's GPU filter ({@code gres_filter_sock_core}) reads them: a
 * GPU whose {@code Cores=} touch some but not all sockets counts on each socket it touches; one bound to no core or
 * to every socket counts as {@code any} (usable from whichever socket has cores). Shared by the planner's two
 * readings of that filter ({@link SocketBindingGuard#bindable}, {@link NamedNodesFirstPassCap#mostAfterFirstPass}).
 *
 * @param freeCores free cores per socket
 * @param onSocket  free GPUs of the type bound to each socket
 * @param any       free GPUs of the type bound to no socket in particular
 * @param free      every free GPU of the type
 */
record FreeGpuSockets(int[] freeCores, int[] onSocket, int any, int free) {

    static FreeGpuSockets of(NodeShape shape, StateUsage usage, int h, String gpuType) {
        int sockets = shape.cpuIds().sockets();
        int[] freeCores = new int[sockets];
        BitSet used = usage.usedCores(h);
        for (int c = 0; c < shape.cores(); c++) {
            if (!used.get(c)) {
                freeCores[shape.coreSocket(c)]++;
            }
        }
        long usedGpus = usage.usedGpuPositions(h);
        int free = 0;
        int any = 0;
        int[] onSocket = new int[sockets];
        for (int g = 0; g < shape.gpus(); g++) {
            if ((usedGpus & (1L << g)) != 0 || !shape.isType(g, gpuType)) {
                continue;
            }
            free++;
            boolean[] touches = new boolean[sockets];
            int touched = 0;
            BitSet affine = shape.affineCores(g);
            for (int c = affine.nextSetBit(0); c >= 0 && c < shape.cores(); c = affine.nextSetBit(c + 1)) {
                if (!touches[shape.coreSocket(c)]) {
                    touches[shape.coreSocket(c)] = true;
                    touched++;
                }
            }
            if (touched == 0 || touched == sockets) {
                any++;
            } else {
                for (int s = 0; s < sockets; s++) {
                    onSocket[s] += touches[s] ? 1 : 0;
                }
            }
        }
        return new FreeGpuSockets(freeCores, onSocket, any, free);
    }
}
