package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import java.util.List;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Node choice on a switch tree: Slurm's {@code _eval_nodes_topo}. 22.05:
 * {@code src/plugins/select/cons_tres/job_test.c}; 24.11: {@code src/plugins/topology/tree/eval_nodes_tree.c}.
 *
 * <ol>
 * <li>The top switch: the highest-level switch with enough usable nodes of the lowest weight
 * (ties: the last one in {@code topology.conf}).</li>
 * <li>Nodes of the lowest weights are collected until they suffice; lighter groups are taken whole.</li>
 * <li>Leaves are then added one at a time ({@link SwitchRanking#better}): the candidate replaces the current best
 * when it is closer (sum of hop distances to the switches already used) and fits the rest
 * (22.05: "not worse" by the comparison), or equally close and better by the comparison: a leaf that
 * fits beats one that does not, two that fit go to the smaller, else the parents are compared the
 * same way, then the bigger count wins. Inside a leaf, nodes go in {@code slurm.conf} order.</li>
 * </ol>
 * One evaluation is a {@link TreeEvaluation} (its leaf steps a {@link LeafFill}); this class runs the passes and
 * 26.05's retries over fewer nodes ({@code common_topo_choose_nodes}).
 */
final class TreeSelector implements NodeChooser {
    private final List<SlurmNode> nodes;
    private final SwitchTable table;
    private final SlurmVersion version;
    private final SwitchRanking ranking;

    private final boolean nodesBoundByTasks;
    /** Whether {@link #fewerNodes} first asks {@link #gpusOutOfReach} (off only to test the bound against the loop). */
    private final boolean gpuBound;
    /** Only the second pass's first evaluation runs, and its failure is kept ({@link #secondPassFailure}). */
    private final boolean probe;
    private Failure secondPassFailure;
    /** Only a selector made by {@link #recordingLastFailure} writes {@link #lastFailedAtTopSwitch}. */
    private boolean recordsLastFailure;
    private boolean lastFailedAtTopSwitch;
    /** The recorded selection failed before the tree: too few nodes with CPUs for the job. */
    private boolean failedBeforeTree;

    TreeSelector(List<SlurmNode> nodes, SwitchTable table, SlurmVersion version) {
        this(nodes, table, version, true);
    }

    /**
     * {@code nodesBoundByTasks}: a job takes no more nodes than it has tasks (each node runs one at
     * least), so {@code -n1 --gpus=8} waits for one node with 8 free GPUs. Own case cpumix2 m29
     * ({@code -n1 -c2 --gpus=4}) and m71 ({@code -n1 -c3 --gpus=8}) stay PENDING (Resources) in 22.05.8
     * and 24.11.5 while two nodes together had the GPUs. Only the submit-time test of 24.11 leaves the
     * bound out: it accepts {@code -w c1 -n1 --gpus=6} on a 4-GPU c1, which 22.05 refuses (cpumix m18).
     * 26.05 refuses it again (cpumix m18, fuzz02 f9 {@code -w p4 -n2 -c3 --gpus=8}): its tree counts the
     * required leaves' extra nodes against {@code max_nodes}, which {@code common_topo_choose_nodes} bounds by
     * the tasks for the submit test too.
     */
    TreeSelector(List<SlurmNode> nodes, SwitchTable table, SlurmVersion version, boolean nodesBoundByTasks) {
        this(nodes, table, version, nodesBoundByTasks, true, false);
    }

    private TreeSelector(List<SlurmNode> nodes, SwitchTable table, SlurmVersion version, boolean nodesBoundByTasks,
                         boolean gpuBound, boolean probe) {
        this.nodes = nodes;
        this.table = table;
        this.version = version;
        this.ranking = new SwitchRanking(table, version);
        this.nodesBoundByTasks = nodesBoundByTasks;
        this.gpuBound = gpuBound;
        this.probe = probe;
    }

    /** The same selector running 26.05's retry loop to its end, without the bound that ends it early. */
    TreeSelector withoutGpuBound() {
        return new TreeSelector(nodes, table, version, nodesBoundByTasks, false, false);
    }

    /**
     * A selector that only finds out how the tree fails for a job that cannot start: the first pass chooses
     * nothing, the second runs one evaluation on every usable node and keeps its error
     * ({@link #secondPassFailure}), the one 26.05's {@code common_topo_choose_nodes} returns ("the first retry loop
     * error for the most descriptive reason"). No retry follows.
     */
    TreeSelector failureProbe() {
        return new TreeSelector(nodes, table, version, nodesBoundByTasks, false, true);
    }

    /**
     * How the probed evaluation failed ({@link #failureProbe}); {@code null} when it did not fail or when the plugin
     * failed before the tree: {@code _select_nodes} (cons_tres {@code job_test.c}) returns {@code SLURM_ERROR} when
     * fewer nodes than {@code min_nodes} have CPUs for the job ({@code _can_job_run_on_node}).
     */
    Failure secondPassFailure() {
        return secondPassFailure;
    }

    /** 26.05's errors of a failed tree evaluation ({@code eval_nodes_tree.c}), which become the job's reason. */
    enum Failure {
        /** {@code ESLURM_TOPO_INSUFFICIENT_RESOURCES}. */
        INSUFFICIENT,
        /** {@code ESLURM_TOPO_MAX_NODE_LIMIT}: the nodes taken reached {@code max_nodes} before the job was met. */
        MAX_NODE_LIMIT
    }

    @Override
    public NodePick select(BitSet nodeMap, BitSet required, SlurmJobSpec job, Demand demand, int minCpus) {
        if (recordsLastFailure && demand.firstPass()) {
            // cons_tres _select_nodes drops the nodes without CPUs for the job and fails (SLURM_ERROR) before the
            // plugin when fewer than min_nodes are left, or a required node is gone
            failedBeforeTree = false;
            int usable = 0;
            for (int i = nodeMap.nextSetBit(0); i >= 0; i = nodeMap.nextSetBit(i + 1)) {
                // a GPU job's node keeps _can_job_run_on_node's CPUs (UsableNodes); the core filter that may leave
                // it none (availCpus: eval_nodes_select_cores, min_tasks_this_node) runs inside the tree. Own probe
                // c22r1 r1 (-p short -N2 --gpus=4 --ntasks-per-gpu=3 -c2, short capped at 8 CPUs a node, 24.11.5
                // "topology"): each node offers 8 CPUs, too few for the 6 tasks of -N2, but only in the tree
                boolean reaches = job.hasGpus() ? UsableNodes.usable(i, job, demand) : demand.availCpus(i) > 0;
                if (reaches) {
                    usable++;
                } else if (required.get(i)) {
                    failedBeforeTree = true;
                }
            }
            failedBeforeTree |= usable < job.minNodes();
        }
        if (probe) {
            return probed(nodeMap, required, job, demand, minCpus);
        }
        if (gpuBound && version.atLeast(SlurmVersion.V26_05) && gpusOutOfReach(nodeMap, job, demand, false)
                && (!demand.firstPass() || gpusOutOfReach(nodeMap, job, demand, true))) {
            // no evaluation of this pass can succeed, and a failed one leaves nothing the caller reads. A failed
            // first pass leaves the CPUs the second starts from (FirstPassAvailCpus), so it is skipped only when no
            // node's free GPUs could reach the count in the second pass either
            return null;
        }
        RoundCarry carry = RoundCarry.forPass(job, demand, version);
        Demand seen = carry == null ? demand : carry.view();
        TreeProgress p = new TreeProgress(nodes, job, seen, version);
        BitSet chosen = choose(nodeMap, required, job, seen, minCpus, p);
        if (chosen == null && !demand.firstPass() && version.atLeast(SlurmVersion.V26_05)) {
            return fewerNodes(nodeMap, required, job, demand, carry, minCpus, p);
        }
        return chosen == null ? null : pick(chosen, p);
    }

    private NodePick probed(BitSet nodeMap, BitSet required, SlurmJobSpec job, Demand demand, int minCpus) {
        secondPassFailure = null;
        if (demand.firstPass()) {
            // the first pass runs as the chooser's own does, for what it writes into avail_res->avail_cpus
            // (FirstPassAvailCpus): the second pass's evaluation starts each node from there. Own case fuzz88 p17
            // (-N3 --gpus=9 --cpus-per-gpu=8): the first pass gives m3 the 16 CPUs of its two GPUs on socket 0
            // (socket 1 has one free core), so the second pass's k1, k3 and m3 hold 2 + 4 + 2 GPUs at max_nodes
            // (26.05.5: Exceeded_maximum_node_limit_during_topology_allocation); from m3's 24 free CPUs it found
            // 3 there, met the 9 and left the reason at Resources
            choose(nodeMap, required, job, demand, minCpus, new TreeProgress(nodes, job, demand, version));
            return null;
        }
        if (!UsableNodes.atLeast(job.minNodes(), nodeMap, job, demand)) {
            return null;
        }
        TreeProgress p = new TreeProgress(nodes, job, demand, version);
        BitSet chosen = choose(nodeMap, required, job, demand, minCpus, p);
        if (chosen == null) {
            secondPassFailure = p.failure;
            return null;
        }
        return pick(chosen, p);
    }

    private static NodePick pick(BitSet chosen, TreeProgress p) {
        return new NodePick(chosen, p.order.stream().mapToInt(Integer::intValue).toArray(), p.cpus, p.tasks, p.lowered);
    }

    /**
     * 26.05's second pass when the evaluation on every node failed ({@code common_topo_choose_nodes}, "to avoid a
     * possible knapsack problem"): the evaluation again on fewer nodes until the node count falls to {@code -N}.
     * What leaves follows the failure ({@code eval_nodes_tree.c} sets {@code eval_action}): too few resources under
     * the top switch drops that switch's nodes ({@code EVAL_ACTION_RETRY}); a choice that reached {@code max_nodes}
     * or fell short drops its weakest node ({@code EVAL_ACTION_RETRY_HINT}); weakest by available CPUs times GPUs
     * ({@code _cmp_res}, a stable sort), never a required node; the rest end it. Own case fuzz21 p31 ({@code -N3
     * -n6 -c6 --gpus-per-node=1}, enforce-binding): the weight-1 nodes p1 and s7 make leaf0 and leaf5 required and
     * the required-leaf loop reaches {@code max_nodes} with p2; 26.05.5 runs it on p1, p4, p5 once s7 and p2 are
     * dropped (22.05.8 and 24.11.5 keep it waiting, {@link SlurmTreePolicy}). Each round starts the nodes from the
     * CPUs the evaluations before it left them ({@link RoundCarry}).
     */
    private NodePick fewerNodes(BitSet nodeMap, BitSet required, SlurmJobSpec job, Demand demand, RoundCarry carry,
                                int minCpus, TreeProgress failed) {
        Demand seen = carry == null ? demand : carry.view();
        BitSet orig = (BitSet) nodeMap.clone();
        int rem = orig.cardinality();
        WeakestFirstDrops drops = null;
        TreeProgress last = failed;
        while (drops == null || !drops.exhausted()) {
            if (last.action == TreeProgress.Action.BREAK || rem <= job.minNodes()) {
                return null;
            }
            if (last.action == TreeProgress.Action.RETRY) {
                orig.andNot(last.failMap);
                rem = orig.cardinality();
                if (drops != null) {
                    drops.nodesRemovedElsewhere();
                }
            } else {
                if (drops == null) {
                    drops = new WeakestFirstDrops(orig, required, job, demand);
                    if (drops.isEmpty()) {
                        return null;
                    }
                }
                if (!drops.drop(last.failMap)) {
                    return null;
                }
                rem--;
            }
            if (carry != null) {
                carry.beforeRound();
            }
            TreeProgress p = new TreeProgress(nodes, job, seen, version);
            BitSet chosen = choose(orig, required, job, seen, minCpus, p);
            if (chosen != null) {
                return pick(chosen, p);
            }
            last = p;
        }
        return null;
    }

    /** {@link TreeReach#gpusOutOfReach} with this pass's {@code max_nodes}. */
    private boolean gpusOutOfReach(BitSet nodeMap, SlurmJobSpec job, Demand demand, boolean freeGpus) {
        return TreeReach.gpusOutOfReach(nodeMap, job, demand, freeGpus, maxNodes(job, demand));
    }

    /** {@link TreeReach#hopeless} with this pass's {@code max_nodes}. */
    boolean hopeless(BitSet map, BitSet required, SlurmJobSpec job, Demand demand) {
        return TreeReach.hopeless(map, required, job, demand, maxNodes(job, demand), version);
    }

    /** The job's {@code max_nodes} in this pass: its own, bounded by its tasks where {@link #boundByTasks}. */
    private int maxNodes(SlurmJobSpec job, Demand demand) {
        int maxNodes = job.maxNodesOr(nodes.size());
        if (boundByTasks(job, demand)) {
            maxNodes = Math.min(maxNodes, Math.max(job.boundingTasks(), job.minNodes()));
        }
        return maxNodes;
    }

    /**
     * Whether {@code max_nodes} is bounded by the task count in this pass ({@code common_topo_choose_nodes}: no more
     * nodes than {@code -n} when no {@code --ntasks-per-node} is given). 24.11 saves {@code orig_max_nodes} before
     * the bound and restores it for the second pass and every retry round, so there the bound holds in the first
     * pass only; 22.05's {@code choose_nodes} keeps the bounded count for every evaluation (26.05, which restores it
     * too, runs its own second pass and is left as it was).
     */
    private boolean boundByTasks(SlurmJobSpec job, Demand demand) {
        if (!nodesBoundByTasks || job.boundingTasks() == null || job.ntasksPerNode() != null) {
            return false;
        }
        return version != SlurmVersion.V24_11 || demand.firstPass();
    }

    /**
     * One evaluation of {@code _eval_nodes_topo} ({@link TreeEvaluation}); after a failure {@code p} says what
     * {@code common_topo_choose_nodes} does next ({@code eval_action}).
     */
    private BitSet choose(BitSet nodeMap, BitSet required, SlurmJobSpec job, Demand demand, int minCpus,
                          TreeProgress p) {
        BitSet chosen = new TreeEvaluation(nodes.size(), table, version, ranking, job, demand, p, nodeMap, required,
                minCpus, maxNodes(job, demand)).run();
        if (recordsLastFailure) {
            lastFailedAtTopSwitch = chosen == null && p.atTopSwitch;
        }
        return chosen;
    }

    /**
     * A selector like this one that keeps how its last evaluation ended ({@link #lastFailedAtTopSwitch}): the code
     * of the last {@code eval_nodes} is the one {@code common_topo_choose_nodes} returns ({@link SubmitPickCode}).
     */
    TreeSelector recordingLastFailure() {
        TreeSelector s = new TreeSelector(nodes, table, version, nodesBoundByTasks, gpuBound, probe);
        s.recordsLastFailure = true;
        return s;
    }

    /** Whether the last evaluation failed at the top switch ({@link TreeProgress#atTopSwitch}). */
    boolean lastFailedAtTopSwitch() {
        return !failedBeforeTree && lastFailedAtTopSwitch;
    }

    static boolean gresOk(int gresPerJob, int gres) {
        return gresPerJob == 0 || gres >= gresPerJob;
    }

    static boolean enoughNodes(int avail, int remNodes, int minNodes, int reqNodes) {
        int needed = reqNodes > minNodes ? remNodes + minNodes - reqNodes : remNodes;
        return avail >= needed;
    }

}
