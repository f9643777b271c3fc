package org.topoplanner.allocator.slurm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.topoplanner.allocator.slurm.NodeChooser.Demand;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Remaining demand while {@link TreeSelector} adds nodes, and what the added nodes give: the counts
 * ({@code rem_nodes}, {@code rem_cpus}, {@code max_nodes}, {@code rem_max_cpus}) Slurm's {@code _eval_nodes_topo}
 * keeps, and how an evaluation failed.
 */
final class TreeProgress {
    /** How a failed evaluation goes on (Slurm's {@code eval_action}). */
    enum Action { BREAK, RETRY, RETRY_HINT }

    final List<SlurmNode> nodes;
    final SlurmJobSpec job;
    final Demand demand;
    final SlurmVersion version;
    final List<Integer> order = new ArrayList<>();
    final int[] cpus;
    /** The nodes whose CPU count {@code _cpus_to_use} rewrote ({@link CpusToUse#lowers}). */
    final BitSet lowered = new BitSet();
    /** The tasks each node was counted for ({@link #countTasks}); null where the selection counts none. */
    final int[] tasks;
    /**
     * The GPUs a node's counted tasks leave a {@code --ntasks-per-gpu} job ({@link #countTasks}); null where the
     * selection counts no tasks, {@link Integer#MAX_VALUE} where they leave all.
     */
    private final int[] taskGpus;
    /** Slurm's {@code rem_max_cpus}: what {@link CpusToUse} lets the next node give at most. */
    long budget;
    /** Slurm's {@code maxtasks}: the tasks still to place ({@code eval_nodes_set_max_tasks}). */
    long taskBudget;
    int remNodes;
    int minRemNodes;
    int maxNodes;
    int remCpus;
    int gres;
    /** The node {@link #limit} last gave was of no use to the job ({@code eval_nodes_gres}: {@code use_node} false). */
    private boolean unused;

    TreeProgress(List<SlurmNode> nodes, SlurmJobSpec job, Demand demand, SlurmVersion version) {
        this.nodes = nodes;
        this.job = job;
        this.demand = demand;
        this.version = version;
        this.cpus = new int[nodes.size()];
        // an --exclusive job is counted too where its GPUs follow its tasks (--ntasks-per-gpu): 24.11's and 26.05's
        // eval_nodes_cpus_to_use (topology/common/eval_nodes.c) jumps past the rem_max_cpus cut for
        // WHOLE_NODE_REQUIRED ("goto check_gres_per_job") straight into eval_nodes_gres, whose max_tasks is the
        // callers' eval_nodes_set_max_tasks(rem_max_cpus), so _reduce_res_core_by_task_cnt cuts a whole node's GPUs
        // to its counted tasks as without --exclusive (own probe c24g1 p1: --gpus=3 --ntasks-per-gpu=1 -c3
        // --exclusive, min_cpus one task, runs on three whole nodes in 24.11.5; p5, the same with -N1, refused)
        this.tasks = version.atLeast(SlurmVersion.V24_11) && job.gpuTotal() != null
                && (!job.exclusive() || job.ntasksPerGpu() != null) ? new int[nodes.size()] : null;
        this.taskGpus = tasks == null ? null : new int[nodes.size()];
    }

    /** How the evaluation failed, and the node map it left (Slurm's {@code eval_action} and {@code node_map}). */
    Action action = Action.BREAK;
    BitSet failMap = new BitSet();
    TreeSelector.Failure failure = TreeSelector.Failure.INSUFFICIENT;
    /**
     * The evaluation failed at the top switch or just after it: no switch holds enough usable nodes and CPUs, the
     * required nodes are not under the one chosen, or they fall short with {@code max_nodes} spent. 24.11's
     * {@code _eval_nodes_topo} returns {@code ESLURM_REQUESTED_TOPO_CONFIG_UNAVAILABLE} there, its other failures
     * {@code SLURM_ERROR} ({@link SubmitPickCode}).
     */
    boolean atTopSwitch;

    /**
     * A failure that drops {@code nodes} from the next try ({@code EVAL_ACTION_RETRY}); returns no choice. Keeps
     * {@code nodes} itself: the caller hands over a set of its own.
     */
    BitSet retry(BitSet nodes) {
        action = Action.RETRY;
        failMap = nodes;
        return null;
    }

    /** A failure that drops the weakest node of {@code chosen} ({@code EVAL_ACTION_RETRY_HINT}). */
    BitSet retryHint(BitSet chosen) {
        action = Action.RETRY_HINT;
        failMap = (BitSet) chosen.clone();
        return null;
    }

    /** {@link #retryHint} when the nodes taken reached {@code max_nodes} ({@code ESLURM_TOPO_MAX_NODE_LIMIT}). */
    BitSet nodeLimit(BitSet chosen) {
        failure = TreeSelector.Failure.MAX_NODE_LIMIT;
        return retryHint(chosen);
    }

    void start(int remNodes, int minRemNodes, int maxNodes, int remCpus, int gres) {
        this.remNodes = remNodes;
        this.minRemNodes = minRemNodes;
        this.maxNodes = maxNodes;
        this.remCpus = remCpus;
        this.gres = gres;
    }

    /**
     * {@code _cpus_to_use} for node {@code i}: records the CPUs it gives and returns what the job's
     * remaining CPU counts drop by ({@link #countedCpus}).
     */
    int limit(int i, int offered, int remNodesNow) {
        boolean written = CpusToUse.lowers(offered, budget, remNodesNow, job, nodes.get(i));
        if (written) {
            lowered.set(i);
        }
        int c = CpusToUse.limit(offered, budget, remNodesNow, job, nodes.get(i), demand.gresMinCpus(i));
        demand.gave(i, offered, c, written);
        cpus[i] = c;
        unused = false;
        countTasks(i, c, remNodesNow);
        int counted = countedCpus(i, c);
        budget -= counted;
        return counted;
    }

    /**
     * 24.11's {@code eval_nodes_gres} for a job with a GPU total ({@code --gpus=N}, {@code -n} x
     * {@code --gpus-per-task}): the node is counted for as many of the job's remaining tasks as its CPUs hold,
     * keeping one back for each further node, at least one and no more than its GPUs allow
     * ({@code _reduce_res_core_by_task_cnt}, {@code gres_max_tasks}); the count then bounds the node's tasks in
     * the layout ({@code gres_task_limit}). Own case fuzz28 p25 ({@code -n5 -c5 --gpus-per-task=1}
     * enforce-binding): g1 counts 4 tasks, so g2, which keeps 25 CPUs for its GPUs' cores, runs only the fifth.
     */
    private void countTasks(int i, int given, int remNodesNow) {
        if (tasks == null) {
            return;
        }
        GresTaskCount count = GresTaskCount.of(job, taskBudget, remNodesNow, given, demand.gresMaxTasks(i));
        // a count of none leaves no task: use_node is false, so the node is not taken and keeps no CPUs (take)
        taskGpus[i] = (int) Math.min(Integer.MAX_VALUE, count.gpus());
        unused = count.unused();
        tasks[i] = count.tasks();
        taskBudget -= count.tasks();
    }

    /**
     * 22.05's {@code gres_sched_add} ({@code cons_tres/gres_sched.c}) for a {@code --gpus=N
     * --cpus-per-gpu=C} job: the node's CPUs count toward the job as its usable GPUs times C (GPUs
     * limited by the node's CPUs over C), while the node keeps the CPUs {@code _cpus_to_use} gave it
     * ({@code avail_res->avail_cpus} is not touched). Own case fuzz02 f18 ({@code --cpus-per-gpu=6
     * --gpus=2} over two idle 8-core 2-GPU nodes): the first node counts 6 of its 8 CPUs, so the second
     * is capped at the 6 still wanted and the 12 tasks' CPUs fall 6 + 6, not 8 + 4.
     */
    private int countedCpus(int i, int given) {
        long gpus = gresLimit2205(i, given);
        long gresCpus = gpus < 0 ? 0 : gpus * job.cpusPerGpu();
        return gresCpus > 0 ? (int) gresCpus : given;
    }

    /**
     * The GPUs 22.05's {@code gres_sched_add} credits node {@code i} toward a {@code --gpus=N --cpus-per-gpu=C} job
     * ({@code gres_js->total_gres += gres_limit}): {@code avail_cpus / C} of the CPUs {@code _cpus_to_use} left it,
     * no more than the node's usable GPUs; -1 for any other job or release (the node's usable GPUs count whole).
     * {@code _cpus_to_use} keeps a CPU back for each further node, two on a two-thread node, so a node taken early
     * may credit one GPU of four. Own case fuzz98 p32 ({@code -N3 --gpus=4 --cpus-per-gpu=1} enforce-binding, 22.05.8):
     * the first pass takes a1, a2 (two threads, one CPU each) and q2, 1 + 1 + 1 GPUs at {@code max_nodes}, and fails;
     * the second takes q2, h3 and p1 (1 + 1 + 2), as real Slurm did. 22.05's {@code details->min_cpus} holds no GPU
     * term ({@link JobCpuCounts#minCpus}), so this credit is what ends the first pass.
     */
    private long gresLimit2205(int i, int given) {
        if (version != SlurmVersion.V22_05 || job.gpusPerJob() == null || job.cpusPerGpu() == null
                || job.cpusPerGpu() <= 0 || given == 0) {
            return -1;
        }
        return Math.min(given / job.cpusPerGpu(), demand.gpusFor(i));
    }

    /**
     * Adds node {@code i}: Slurm's leaf loop, {@code _cpus_to_use} before the counts drop. Returns false where the
     * node is of no use after all: 24.11's and 26.05's {@code eval_nodes_cpus_to_use} returns {@code eval_nodes_gres}'
     * {@code use_node}, false for a node left no task ({@link #countTasks}), and the tree's loops then skip it
     * ({@code avail_cpu_per_node[i] = 0; continue}, {@code eval_nodes_tree.c}) without lowering any count, while
     * {@code eval_nodes_gres} has written {@code avail_res->avail_cpus = 0}, which the selection's later
     * evaluations read ({@link NodeChooser.Demand#refused}): a retry round whose top switch held only such nodes'
     * CPUs finds none ("unable to identify top level switch", {@code ESLURM_REQUESTED_TOPO_CONFIG_UNAVAILABLE};
     * lead's featfz10 f33 {@code -N1 --gpus=1 --ntasks-per-gpu=2 -c4}, 24.11.5).
     */
    boolean take(int i, BitSet chosen, int[] availCpu) {
        long before = budget;
        int given = limit(i, availCpu[i], minRemNodes);
        if (unused) {
            budget = before;
            availCpu[i] = 0;
            demand.refused(i);
            return false;
        }
        availCpu[i] = given;
        order.add(i);
        remNodes--;
        minRemNodes--;
        maxNodes--;
        remCpus -= availCpu[i];
        long credit2205 = gresLimit2205(i, cpus[i]);
        gres += credit2205 >= 0 ? (int) credit2205
                : taskGpus == null ? demand.gpusFor(i) : Math.min(demand.gpusFor(i), taskGpus[i]);
        chosen.set(i);
        return true;
    }

    /**
     * The additional-leaf loop's {@code max_nodes > 0}. 22.05's {@code _eval_nodes_topo}
     * ({@code cons_tres/job_test.c}) keeps {@code max_nodes} as {@code uint32_t}, and its loop "Add additional
     * resources for already required leaf switches" takes nodes without testing it: when that loop takes more
     * nodes than were left, the count wraps round and the next loop goes on adding nodes (one that ends at exactly
     * 0 still stops it). Own case fuzz62 p7 ({@code -N2 --gpus=8 --cpus-per-gpu=8} enforce-binding, one GPU socket
     * a node): the weight-1 f1 is the lighter group, leaf0's loop adds l1 and m1 (max_nodes 1, 0, then
     * 2^32 - 1), leaf1's l2 completes the 8 GPUs on four nodes, so sbatch's test succeeds past {@code max_nodes}
     * and 22.05.8 answers {@code ReqNodeNotAvail} where a signed count refused the job. 24.11's
     * {@code eval_nodes_tree.c} keeps {@code topology_eval_t.max_nodes} as {@code uint32_t} with the same
     * untested loop (probe s22g1 a6: 24.11.5 answers {@code ReqNodeNotAvail} too); 26.05's loop stops at 0
     * ({@code ESLURM_TOPO_MAX_NODE_LIMIT}), so the count never wraps there.
     */
    boolean maxNodesLeft() {
        return version.atLeast(SlurmVersion.V26_05) ? maxNodes > 0 : maxNodes != 0;
    }

    boolean done(int gresPerJob) {
        return remNodes <= 0 && remCpus <= 0 && TreeSelector.gresOk(gresPerJob, gres);
    }
}
