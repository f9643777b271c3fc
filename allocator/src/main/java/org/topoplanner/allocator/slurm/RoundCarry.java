package org.topoplanner.allocator.slurm;

import org.topoplanner.allocator.slurm.NodeChooser.Demand;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Slurm 26.05: what one evaluation of the second pass writes into a node's {@code avail_res->avail_cpus} stays for
 * the retry rounds after it. {@code common_topo_choose_nodes} ({@code topology/common/common_topo.c}) restores
 * {@code node_map}, {@code avail_core} and {@code max_nodes} before each round, not {@code avail_res_array};
 * {@code eval_nodes_cpus_to_use} ({@code topology/common/eval_nodes.c}) writes there a count it lowers, and
 * {@code eval_nodes_gres}, for a job with a GPU total, what the node gives after {@code gres_sched_add}
 * ({@code gres_cpus}); {@code eval_nodes_select_cores} starts the node's next evaluation from that count, so its
 * cores are filtered again from the lowered figure. The drop order is not touched: {@code _cmp_res} sorts by
 * {@code avail_res_prod}, which only {@code _can_job_run_on_node} sets ({@link WeakestFirstDrops} keeps the
 * unlowered demand). 22.05 and 24.11 keep the same counts through {@link KnapsackRetry}'s own loop, whose record
 * this reuses. Own probes c26l5 ({@code -n2 -c4 --gpus=10}: u4's cores 0-1 and 16-17, where the rounds from the
 * unlowered count gave 0-3) and c26l6 ({@code --nodes=2 --gpus=12}: f3's CPUs 32-33, not 0-1), real 26.05.5; the
 * first pass's writes are {@link FirstPassAvailCpus}'.
 */
final class RoundCarry {
    private final KnapsackRetry.AvailRes res;
    private final Demand demand;
    private final Demand view;

    private RoundCarry(SlurmJobSpec job, Demand demand, SlurmVersion version) {
        this.res = new KnapsackRetry.AvailRes(job, version);
        this.demand = demand;
        this.view = res.view(demand);
    }

    /** A record for 26.05's second pass, else {@code null} (a first pass, or a release whose loop keeps its own). */
    static RoundCarry forPass(SlurmJobSpec job, Demand demand, SlurmVersion version) {
        return version.atLeast(SlurmVersion.V26_05) && !demand.firstPass() ? new RoundCarry(job, demand, version)
                : null;
    }

    /** The demand as the rounds see it: every node at most what an earlier evaluation of the pass left it. */
    Demand view() {
        return view;
    }

    /** Before a retry round: the nodes lowered so far have their cores filtered again from the lowered count. */
    void beforeRound() {
        res.beforeEvaluation(demand);
    }
}
