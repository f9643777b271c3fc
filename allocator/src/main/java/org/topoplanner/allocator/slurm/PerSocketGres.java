package org.topoplanner.allocator.slurm;

import java.util.BitSet;

/**
 * A {@code --gpus-per-socket} job's count of a node's free GPUs by socket: {@code _build_sock_gres_by_topo}'s
 * "Process per-GRES limits" (22.05 {@code select/cons_tres/gres_sched.c}, 24.11 and 26.05
 * {@code select/cons_tres/gres_sock_list.c}, the same in all three). A socket with fewer free GPUs than the per-socket
 * count offers none, and with {@code enforce-binding} its cores are cleared too; a socket with more offers the
 * per-socket count only. So a node none of whose sockets holds the count is never usable: own case g9b s3
 * ({@code -w q1 --sockets-per-node=2 --gpus-per-socket=2}, one GPU a socket) is refused at submission with
 * "Requested node configuration is not available" by 22.05.8, 24.11.5 and 26.05.5, and sb7a s10 ({@code -w g1
 * --sockets-per-node=2 --gpus-per-socket=2} beside s9, one free GPU a socket) waits with {@code Resources}.
 */
final class PerSocketGres {
    private PerSocketGres() {
    }

    static void limit(GpuSockets gs, SlurmNode node, BitSet avail, int perSocket, boolean enforceBinding) {
        long[] by = gs.bySock();
        for (int s = 0; s < by.length; s++) {
            if (by[s] < perSocket) {
                by[s] = 0;
                if (enforceBinding) {
                    avail.andNot(node.coresOfSocket(s));
                }
            } else if (by[s] > perSocket) {
                by[s] = perSocket;
            }
        }
    }
}
