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

    /**
     * What a node offers a {@code --gpus-per-socket} job in {@code _can_job_run_on_node} ({@code cons_tres/job_test.c},
     * 26.05), before the topology plugin: {@code gpus} as {@code gres_sock_list_create} and {@code
     * gres_select_filter_remove_unusable} count them ({@code sock_gres->total_cnt}), {@code cpus} the node's free CPUs
     * left on the cores the per-socket limit keeps, {@code sockets} the sockets with a free core left ({@code
     * _allocate_sc}'s "Step 2" counts them against {@code --sockets-per-node}).
     */
    record Offer(long gpus, int cpus, int sockets) {
    }

    /**
     * {@code _build_sock_gres_by_topo} ({@code cons_tres/gres_sock_list.c}, 26.05) for a node with {@code freeCpus}
     * free CPUs: under {@code enforce-binding} a socket without a free core counts none of its GPUs, then {@link
     * #limit} drops the sockets short of the per-socket count (and, with the flag, their cores), so {@code
     * _allocate}'s CPUs come from the cores left.
     */
    static Offer offer(SlurmNode node, NodeUse use, int freeCpus, int perSocket, boolean enforceBinding) {
        BitSet cores = (BitSet) use.freeCores().clone();
        GpuSockets gs = GpuSockets.of(node, use.freeGpus(), cores, enforceBinding);
        long[] by = gs.bySock();
        for (int s = 0; enforceBinding && s < by.length; s++) {
            if (!node.coresOfSocket(s).intersects(cores)) {
                by[s] = 0;
            }
        }
        limit(gs, node, cores, perSocket, enforceBinding);
        int cpus = enforceBinding ? Math.min(freeCpus, cores.cardinality() * node.threadsPerCore()) : freeCpus;
        int sockets = 0;
        for (int s = 0; s < node.sockets(); s++) {
            if (node.coresOfSocket(s).intersects(cores)) {
                sockets++;
            }
        }
        return new Offer(gs.total(), cpus, sockets);
    }

    /**
     * The per-socket limit, which only {@code _build_sock_gres_by_topo} applies: a node without GPU topology
     * records ({@link SlurmNode#gresTopology}, {@code topo_cnt == 0}) goes through {@code _build_sock_gres_basic}
     * (22.05 {@code cons_tres/gres_sched.c}, 24.11 and 26.05 {@code cons_tres/gres_sock_list.c}, from {@code
     * gres_sched_create_sock_gres_list} / {@code gres_sock_list_create}), which counts every free GPU as any-socket
     * and clears no core; only its free count below the per-socket count refuses the node. Own case featfz17 f72
     * ({@code -N1 --sockets-per-node=1 --gpus-per-socket=1 -c3 --gres-flags=enforce-binding}): 22.05.8 and 24.11.5
     * run it on c2 (one socket, {@code File=} without {@code Cores=}).
     */
    static void limit(GpuSockets gs, SlurmNode node, BitSet avail, int perSocket, boolean enforceBinding) {
        if (!node.gresTopology()) {
            return;
        }
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
