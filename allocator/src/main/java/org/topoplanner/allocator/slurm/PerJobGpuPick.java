package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import java.util.List;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The GPUs of a {@code --gpus=N} job on its chosen nodes, after their cores: Slurm's {@code _set_job_bits1} (each
 * node in order, up to what it was credited with) and, while the count is not met, {@code _set_job_bits2}
 * ({@code gres_select_filter.c}: 22.05 in {@code select/cons_common}, 24.11 and 26.05 in {@code select/cons_tres}),
 * ended by {@code job_fini} ({@link PerJobGpuFini}).
 */
final class PerJobGpuPick {
    private PerJobGpuPick() {
    }

    /**
     * Fills {@code gpus} (one per chosen node, in the order of {@code chosen} and {@code cores}) with the job's
     * GPUs; returns whether the job's count is left unmet ({@code job_fini} 0).
     */
    static boolean pick(List<SlurmNode> chosen, List<BitSet> cores, List<BitSet> gpus, NodePick sel,
                        NodeChooser.Demand demand, List<SlurmNode> nodes, NodeUse[] uses, BitSet[] memoryHeld,
                        CoreFilter.Result[] results, SlurmJobSpec job, SlurmVersion version) {
        int[] credit = creditedGpus(sel, demand, nodes, job.gpusPerJob());
        int total = 0;
        int rem = chosen.size();
        PerJobGpuFini fini = new PerJobGpuFini(version, job.gpusPerJob());
        for (int k = 0; k < chosen.size(); k++, rem--) {
            SlurmNode n = chosen.get(k);
            BitSet used = pickable(results, uses, memoryHeld, n);
            if (!n.gpus().isEmpty() && !n.gresTopology()) {
                // _get_job_cnt counts the node's free GPUs (gres_cnt_avail - gres_cnt_alloc), not what the
                // filter left usable: a memory cap (mem_per_gres, _foreach_remove_unusable) does not lower it
                // (own probe c26k1 x1: g3's two free GPUs where DefMemPerGPU allowed one)
                BitSet held = (BitSet) uses[n.index()].freeGpus().clone();
                if (memoryHeld != null && memoryHeld[n.index()] != null) {
                    held.or(memoryHeld[n.index()]);
                }
                held.flip(0, n.gpus().size());
                long left = (long) job.gpusPerJob() - total - (rem - 1);
                BitSet g = new GpuPicker(n, held, version).withoutTopology(left);
                gpus.set(k, g);
                total += g.cardinality();
                continue;
            }
            int maxHere = ceiling(job.gpusPerJob() - total - (rem - 1), credit[n.index()], version);
            if (job.cpusPerGres() > 0) {
                // _set_job_bits1 (gres_select_filter.c, all three versions): no more GPUs than the node's chosen
                // cores hold at --cpus-per-gpu; own case fuzz26 p1 (-w l1 --cpus-per-gpu=8 --gpus=6): k1's 16
                // cores take 2 GPUs, l1 the other 4 (22.05.8), where the replay gave k1 5 and l1 one
                // (--ntasks-per-gpu: its tasks' CPUs per GPU, the same local cpus_per_gres; own probe g9b n1 under
                // 22.05.8: two cores take two GPUs on each node)
                maxHere = Math.min(maxHere, cores.get(k).cardinality() * n.threadsPerCore() / job.cpusPerGres());
            }
            BitSet g = new GpuPicker(n, used, version).perJobFirst(cores.get(k), Math.max(0, maxHere),
                    job.enforceBinding());
            gpus.set(k, g);
            total += g.cardinality();
            fini.afterFirstPick(total);
        }
        if (fini.needsMore()) {
            for (int k = 0; k < chosen.size(); k++) {
                SlurmNode n = chosen.get(k);
                if (!n.gpus().isEmpty() && !n.gresTopology()) {
                    // _set_job_bits2 needs the node's gres_bit_select, which a count-only node lacks
                    if (fini.atNodeWithoutTopology(total)) {
                        break;
                    }
                    continue;
                }
                if (total < job.gpusPerJob()) {
                    BitSet used = pickable(results, uses, memoryHeld, n);
                    BitSet before = gpus.get(k);
                    BitSet g = new GpuPicker(n, used, version).perJobMore(before, job.gpusPerJob() - total,
                            uses[n.index()].freeCores(), job.enforceBinding());
                    total += g.cardinality() - before.cardinality();
                    gpus.set(k, g);
                }
                if (fini.afterMorePick(total)) {
                    break;
                }
            }
            return fini.unmet();
        }
        return false;
    }

    /**
     * The GPUs of node {@code n} the pick may not take (set bits): those the core filter left unusable or other jobs
     * hold. A memory stand-in's GPUs ({@link FreeMemory#gpusHeldForMemory}) are free to it: {@code _set_job_bits1}
     * and {@code _set_job_bits2} ({@code _pick_gres_topo}, cons_tres {@code gres_select_filter.c}) take any
     * unallocated GPU of the node's socket bits, and the memory cap ({@code mem_per_gres}) lowered only the count
     * the selection credited ({@code sock_gres->total_cnt}), which bounds the first pick, not the second. Own probe
     * c27g2 (26.05.5, 8000 MB nodes of 2 GPUs): m13 {@code -N1 --gpus=2 --mem-per-gpu=8000 -x n1} and r3 ({@code
     * --mem-per-gpu=4500}) run on n3 with GPUs 0 and 1 once the one-node sum reached 2 there (n2 1 + n3 1).
     */
    private static BitSet pickable(CoreFilter.Result[] results, NodeUse[] uses, BitSet[] memoryHeld, SlurmNode n) {
        BitSet usable = (BitSet) SlurmAllocation.usableGpus(results, uses, n).clone();
        if (memoryHeld != null && memoryHeld[n.index()] != null) {
            usable.or(memoryHeld[n.index()]);
        }
        usable.flip(0, n.gpus().size());
        return usable;
    }

    /**
     * {@code _set_job_bits1}'s {@code max_gres} on a node with GPU topology before any {@code --cpus-per-gpu} cap:
     * the job's GPUs less those picked on the nodes before, less one for each node after ({@code rest}, which
     * 22.05 keeps as it is, so a negative rest picks one GPU).
     *
     * <p>24.11 and 26.05 ({@code select/cons_tres/gres_select_filter.c}) then take
     * {@code max_gres = MIN(max_gres, sock_gres->total_cnt)} with {@code max_gres} an {@code int} and
     * {@code total_cnt} a {@code uint64_t}: the comparison is unsigned, so a negative rest (the job's count below
     * the nodes still to come, or already met) loses to the node's credit, and the node takes all of it (every
     * GPU of the sockets its cores use, and its any-socket GPUs). Own probe g9c z3 ({@code -n10
     * --ntasks-per-socket=1 -c3 --gpus=4} over seven nodes): 24.11.5 and 26.05.5 give a1, f1 and f2 four GPUs and
     * s1-s3 two each (22 GPUs for a job of 4); 22.05.8 gives one on four of the nodes.
     */
    static int ceiling(int rest, int credit, SlurmVersion version) {
        if (!version.atLeast(SlurmVersion.V24_11)) {
            return rest;
        }
        return rest < 0 ? credit : Math.min(rest, credit);
    }

    /**
     * The GPUs each chosen node was credited with toward {@code --gpus=N} while the selection added
     * it ({@code gres_sched_add}, {@link PerJobGpuCredit}): its offer no larger than {@code sock_gres->total_cnt} as
     * the core filter left it ({@link NodeChooser.Demand#gresCap}, which 26.05's offer already carries). 24.11 and
     * 26.05 keep that as the node's ceiling when they pick the GPUs, so the node added last before the count is met
     * gives only the rest, and one added after it its whole offer. Observed in own case hetero
     * h1f ({@code --gpus=6}; a18-a20 added first with 1+2+2, then a13): 24.11.5 gives a13 one GPU where 22.05.8
     * gives it two and a20 one.
     */
    private static int[] creditedGpus(NodePick sel, NodeChooser.Demand demand, List<SlurmNode> nodes, int perJob) {
        return PerJobGpuCredit.credit(sel.order(), i -> (int) Math.min(demand.gpusFor(i), demand.gresCap(i)),
                i -> !nodes.get(i).gpus().isEmpty(), demand.creditedBefore(), perJob, sel.cpus().length);
    }
}
