package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A node's scheduling weight for one job, Slurm's {@code sched_weight}: the configured
 * {@code Weight} first; for a GPU job the low byte is {@code 0xff} minus the node's "near" GPUs, so
 * among nodes of one weight those that offer the job more GPUs come first
 * ({@code can_job_run_on_node}: "Favor nodes with more co-located GPUs", in 22.05 and 24.11 alike).
 *
 * <p>Near GPUs ({@code gres_select_filter_remove_unusable}): the free GPUs of the requested type,
 * less those on sockets without a free core, capped at what one node may give: the per-node
 * request, else the per-job request, and with {@code --cpus-per-gpu} the free CPUs divided by it.
 * A per-node request therefore ties every node that can serve it (tree32 S9 keeps index order),
 * while {@code --gpus=N} prefers nodes that can give more of the N. Observed in own cases
 * (22.05.8 and 24.11.5 alike): hetero h1f ({@code --gpus=6} after a11 and a12 lost 2 of their 4
 * GPUs) completes on the empty a13, not on a11, which comes first in the leaf; frag f1b
 * ({@code -N2 --gpus=3}) still takes n01-n02 with 5 free GPUs over empty nodes, as both offer 3.
 *
 * <p>Where 22.05 and 24.11 give the job one socket per node ({@link CoreFilter#oneGpuSocket}),
 * {@code _build_sock_gres_by_topo} has already dropped every GPU socket but the richest before the count, so
 * a node's near GPUs are that socket's: own case fuzz21 p25 ({@code -N3 --gpus=10} enforce-binding), whose
 * 2+1-GPU nodes then tie with the one-socket 2-GPU nodes of their weight, as the real pick needs.
 */
final class SchedWeight {
    private static final int NEAR_CAP = 0xff;

    private SchedWeight() {
    }

    static long of(SlurmNode node, NodeUse use, SlurmJobSpec job, SlurmVersion version) {
        long base = node.weight() << 8;
        if (!job.hasGpus() || node.gpus().isEmpty()) {
            return base;
        }
        return base | (NEAR_CAP - near(node, use, job, version));
    }

    private static long near(SlurmNode node, NodeUse use, SlurmJobSpec job, SlurmVersion version) {
        boolean oneSocket = node.sockets() > 1 && CoreFilter.oneGpuSocket(job, version);
        long near = job.gpusPerSocket() != null ? perSocketNear(node, use, job)
                : oneSocket ? richestSocket(node, use, job) : nearOnSocketsWithCores(node, use, job);
        long cap = 0;
        if (!job.exclusive()) {
            if (job.gpusPerNode() != null) {
                cap = job.gpusPerNode();
            } else if (job.gpuTotal() != null) {
                cap = job.gpuTotal();
            }
        }
        int cpusPerGres = job.maxNodeGresCpusPerGpu();
        if (cpusPerGres > 0) {
            // max_node_gres counts the cores left in core_map: with one socket per node, _build_sock_gres_by_topo
            // has cleared the poorer GPU sockets' cores before (gres_select_filter_remove_unusable, 22.05 and 24.11).
            // --ntasks-per-gpu caps the same way at the option times -c (every release): own probe c11g1 c19 (-N2
            // --gpus=4 --ntasks-per-gpu=3, 24.11.5 log): g1 with 11 free cores counts 3 near GPUs of its 4, as g3
            // and g4 do, so the three share one weight and leaf1 (g3, g4) fits where leaf0 holds g1 alone
            int cores = oneSocket ? coresAfterSocketLimit(node, use, job) : use.freeCores().cardinality();
            long byCpus = (long) cores * node.threadsPerCore() / cpusPerGres;
            cap = cap == 0 ? byCpus : Math.min(cap, byCpus);
        }
        if (cap > 0) {
            near = Math.min(near, cap);
        }
        return Math.min(near, NEAR_CAP);
    }

    /**
     * A {@code --gpus-per-socket} job's near GPUs: each socket with a free core counts the per-socket figure when it
     * holds that many free GPUs and none otherwise ({@link PerSocketGres}: {@code _build_sock_gres_by_topo} has
     * already cut {@code cnt_by_sock} so, and {@code gres_select_filter_remove_unusable} counts {@code total_cnt}
     * less the sockets without a free core). Own case c11f1 f7 ({@code -N2 --sockets-per-node=1
     * --gpus-per-socket=1} on busy nodes, every release): g1, g3 and g4 count 2, g2 (no free core on socket 0) 1, so
     * leaf1 holds two nodes of the best weight and the job runs on g3 and g4.
     */
    private static long perSocketNear(SlurmNode node, NodeUse use, SlurmJobSpec job) {
        int perSocket = job.gpusPerSocket();
        GpuSockets gs = sockets(node, use, job);
        long near = gs.anySock();
        for (int s = 0; s < node.sockets(); s++) {
            if (gs.bySock()[s] >= perSocket && node.hasCoreOn(use.freeCores(), s)) {
                near += perSocket;
            }
        }
        return near;
    }

    /** The free GPUs ({@code total_cnt}) less those on sockets without a free core. */
    private static long nearOnSocketsWithCores(SlurmNode node, NodeUse use, SlurmJobSpec job) {
        long near = use.freeGpus().cardinality();
        // Counting GPUs per socket is only needed when some socket has no free core; this runs for every
        // node on every scheduling pass, and on most nodes every socket has one.
        GpuSockets gs = null;
        for (int s = 0; s < node.sockets(); s++) {
            if (!node.hasCoreOn(use.freeCores(), s)) {
                if (gs == null) {
                    gs = sockets(node, use, job);
                    // total_cnt: under enforce-binding a GPU none of whose sockets has a free core counts nowhere
                    near = gs.total();
                }
                near -= gs.bySock()[s];
            }
        }
        return Math.max(near, 0);
    }

    /**
     * The free cores left once the sockets-per-node limit of one has cleared the cores of every GPU socket but the
     * richest ({@code _build_sock_gres_by_topo}, "Satisfy sockets-per-node (s_p_n) limit": of the sockets with free
     * GPUs and a free core, the one with the fewest GPUs goes, on a tie the lower; sockets without free GPUs keep
     * theirs), as {@link CoreFilter} keeps them. Own case fuzz45 p39 ({@code -w p3 -N2 --cpus-per-gpu=4 --gpus=4}
     * enforce-binding, 22.05.8 with {@code DebugFlags=SelectType}): p2 keeps socket 0 with 6 free cores, so one GPU
     * near (weight 1534) where its 22 free cores would give two (1533).
     */
    private static int coresAfterSocketLimit(SlurmNode node, NodeUse use, SlurmJobSpec job) {
        GpuSockets gs = sockets(node, use, job);
        int kept = -1;
        int cores = use.freeCores().cardinality();
        for (int s = 0; s < node.sockets(); s++) {
            if (gs.bySock()[s] == 0 || !node.hasCoreOn(use.freeCores(), s)) {
                continue;
            }
            int drop = s;
            if (kept == -1 || gs.bySock()[s] >= gs.bySock()[kept]) {
                drop = kept;
                kept = s;
            }
            if (drop >= 0) {
                BitSet lost = (BitSet) node.coresOfSocket(drop).clone();
                lost.and(use.freeCores());
                cores -= lost.cardinality();
            }
        }
        return cores;
    }

    /**
     * The GPUs a one-socket-per-node job keeps: those bound to no socket and the most any socket with a free core
     * holds (the socket {@code CoreFilter} keeps).
     */
    private static long richestSocket(SlurmNode node, NodeUse use, SlurmJobSpec job) {
        GpuSockets gs = sockets(node, use, job);
        long best = 0;
        for (int s = 0; s < node.sockets(); s++) {
            if (node.hasCoreOn(use.freeCores(), s)) {
                best = Math.max(best, gs.bySock()[s]);
            }
        }
        return gs.anySock() + best;
    }

    /**
     * The node's free GPUs by socket as {@code _build_sock_gres_by_topo} counts them for this job (22.05.8
     * {@code cons_tres/gres_sched.c}, 24.11.5 {@code cons_tres/gres_sock_list.c}): under {@code enforce-binding} its
     * socket loop skips sockets without an available core, so a GPU whose {@code Cores=} span some sockets counts on
     * the first of them with a free core, and {@code gres_select_filter_remove_unusable} (enforce-binding branch) keeps
     * it near; without the flag it counts on its first socket and, that socket busy, is not near. The placement reads
     * the same sockets ({@link CoreFilter}); 26.05 sets such a node INVALID ({@link InvalidNodes}).
     */
    private static GpuSockets sockets(SlurmNode node, NodeUse use, SlurmJobSpec job) {
        return GpuSockets.of(node, use.freeGpus(), use.freeCores(), job.enforceBinding());
    }
}
