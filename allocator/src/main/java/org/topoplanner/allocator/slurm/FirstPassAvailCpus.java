package org.topoplanner.allocator.slurm;

import java.util.Arrays;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Slurm 24.11 and 26.05: the CPUs a failed first pass let a node give stay its {@code avail_res->avail_cpus} in the
 * second pass. {@code common_topo_choose_nodes} ({@code topology/common/common_topo.c}) restores only the node map, the
 * cores and {@code max_nodes} between its evaluations; {@code eval_nodes_cpus_to_use}
 * ({@code topology/common/eval_nodes.c}) writes a lowered count into {@code avail_res->avail_cpus}, and
 * {@code eval_nodes_gres}, for a job with a GPU total, writes what the node gives after {@code gres_sched_add}
 * ({@code topology/common/gres_sched.c}, which lowers it to the CPUs of the GPUs it credits, {@code gres_cpus}).
 * {@code eval_nodes_select_cores} starts every later evaluation of that node from that count, so
 * {@code gres_filter_sock_core} ({@code gres_filter.c}) caps its GPUs at {@code avail_cpus / cpus_per_gres}. A job
 * without GPUs is filtered the same in both passes, so nothing carried could change its second pass.
 *
 * <p>{@code _eval_nodes_topo} ({@code topology/tree/eval_nodes_tree.c}) runs the required nodes through
 * {@code eval_nodes_cpus_to_use} before it tests anything, and every other node it adds before it fails. Own
 * probe case plsock1p (26.05.5, {@code DebugFlags=Gres,SelectType}): {@code -N2 --gpus=4 --cpus-per-gpu=2 -w n01,n03}
 * on nodes whose three GPUs sit on a 3-core socket; the first pass holds one GPU's CPUs on each node
 * ({@code cnt_avail_total=1}), and the second pass logs the same, so sbatch is refused ("Requested node
 * configuration is not available"); {@code -w n01 --gpus=3 --cpus-per-gpu=2} runs with 2 CPUs and one GPU on n01
 * and the other two GPUs on n03. Own case fuzz19 p8 ({@code -N3 --gpus=10}): the failed first pass gave p1 one CPU,
 * and the second pass's filter from that CPU puts it on CPU 16 with GPUs 0 and 2. 22.05 keeps these counts through
 * {@link KnapsackRetry}'s {@code AvailRes} only; 26.05's own retry rounds ({@link WeakestFirstDrops}) carry
 * the second pass's writes into each other through {@link RoundCarry}.
 *
 * <p>24.11 ({@code eval_nodes_gres} and {@code gres_sched_add} are the same there): {@code AvailRes} lowers what the
 * retry's evaluations see, but the second pass's required nodes are filtered in turn before any of them
 * ({@code SlurmAllocation.filtered}), each with the GPUs the ones before it were credited; that credit, and so what
 * the other nodes may still give, must come from the lowered counts too. Own probe plsock2 r5 and r6
 * ({@code -N2-3 --gpus=4 --cpus-per-gpu=2 -w n01,n03} and the same without {@code -N}; three GPUs on a 3-core socket,
 * so the first pass holds one GPU a node): real 24.11.5 credits n01 and n03 one GPU each in the second pass and
 * adds n02 with the other two (CPUs 0-3), where the replay credited the required nodes 3 each from their unlowered
 * filter, left n02 one GPU's CPUs and proved the job hopeless (sbatch refused it).
 */
final class FirstPassAvailCpus {
    /** {@link CoreFilter#NO_VAL} where the first pass wrote nothing. */
    private int[] cpus;

    private FirstPassAvailCpus() {
    }

    /** A record for one selection of {@code job}, or {@code null} where the version keeps none here. */
    static FirstPassAvailCpus forSelection(SlurmJobSpec job, SlurmVersion version) {
        return version.atLeast(SlurmVersion.V24_11) && job.hasGpus() && !job.exclusive()
                ? new FirstPassAvailCpus() : null;
    }

    /**
     * Node {@code i} gave {@code given} of the {@code offered} CPUs in the first pass and is credited {@code gpus}
     * GPUs: the count {@code avail_res->avail_cpus} keeps.
     */
    void gave(int i, int offered, int given, int gpus, SlurmJobSpec job) {
        int kept = Integer.MAX_VALUE;
        if (given < offered) {
            kept = given;
        }
        if (job.gpuTotal() != null && given > 0) {
            kept = Math.min(kept, given);
            Integer cpg = job.cpusPerGpu();
            if (cpg != null && cpg > 0) {
                // gres_sched_add: gres_cpus, the CPUs of the GPUs its CPUs hold, when above the node's minimum
                long gresCpus = (long) Math.min(given / cpg, gpus) * cpg;
                if (gresCpus < given && gresCpus > job.cpusPerTask()) {
                    kept = (int) gresCpus;
                }
            }
        }
        if (kept == Integer.MAX_VALUE) {
            return;
        }
        grow(i);
        cpus[i] = Math.min(cpus[i], kept);
    }

    /**
     * Node {@code i} was found of no use after it gave its CPUs ({@code eval_nodes_gres}: {@code use_node} false):
     * its {@code avail_res->avail_cpus} is 0 for the second pass.
     */
    void refused(int i) {
        grow(i);
        cpus[i] = 0;
    }

    private void grow(int i) {
        if (cpus == null || i >= cpus.length) {
            int old = cpus == null ? 0 : cpus.length;
            cpus = cpus == null ? new int[Math.max(i + 1, 16)] : Arrays.copyOf(cpus, Math.max(i + 1, old * 2));
            Arrays.fill(cpus, old, cpus.length, CoreFilter.NO_VAL);
        }
    }

    /** How node {@code i}'s core filter runs from a lowered {@code avail_res->avail_cpus}. */
    @FunctionalInterface
    interface Refilter {
        CoreFilter.Result select(int i, int availResCpus);
    }

    /**
     * {@code results} with every node the first pass lowered filtered again from its count (a copy where any is;
     * {@code results} itself may be a cached table's); nodes off the map ({@code null}) stay off.
     */
    CoreFilter.Result[] refiltered(CoreFilter.Result[] results, Refilter refilter) {
        if (cpus == null) {
            return results;
        }
        CoreFilter.Result[] out = results;
        for (int i = 0; i < cpus.length && i < results.length; i++) {
            if (cpus[i] != CoreFilter.NO_VAL && results[i] != null) {
                if (out == results) {
                    out = results.clone();
                }
                out[i] = refilter.select(i, cpus[i]);
            }
        }
        return out;
    }

    /** Node {@code i}'s {@code avail_res->avail_cpus} for the second pass; {@link CoreFilter#NO_VAL} if unset. */
    int availResCpus(int i) {
        return cpus == null || i >= cpus.length ? CoreFilter.NO_VAL : cpus[i];
    }
}
