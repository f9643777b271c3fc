package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import java.util.List;
import java.util.TreeMap;
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
        if (demand.firstPass() || !UsableNodes.atLeast(job.minNodes(), nodeMap, job, demand)) {
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
        return TreeReach.hopeless(map, required, job, demand, maxNodes(job, demand));
    }

    /** The job's {@code max_nodes} in this pass: its own, bounded by its tasks where {@link #boundByTasks}. */
    private int maxNodes(SlurmJobSpec job, Demand demand) {
        int maxNodes = job.maxNodesOr(nodes.size());
        if (boundByTasks(job, demand)) {
            maxNodes = Math.min(maxNodes, Math.max(job.ntasks(), job.minNodes()));
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
        if (!nodesBoundByTasks || job.ntasks() == null || job.ntasksPerNode() != null) {
            return false;
        }
        return version != SlurmVersion.V24_11 || demand.firstPass();
    }

    /** What {@code common_topo_choose_nodes} does after a failed evaluation ({@code eval_action}). */
    private BitSet choose(BitSet nodeMap, BitSet required, SlurmJobSpec job, Demand demand, int minCpus,
                          TreeProgress p) {
        int n = table.size();
        int minNodes = job.minNodes();
        int reqNodes = job.reqNodes();
        // gres_per_job: --gpus=N, or -n times --gpus-per-task (gres_job_state_validate), which every version's
        // gres_sched_test then asks the chosen nodes to hold (own case fuzz23 p35, -n6 -c1 --gpus-per-task=2
        // enforce-binding: two 4-GPU nodes give the six tasks' CPUs but 8 of the 12 GPUs, so a third node is added)
        int gresPerJob = job.gpuTotal() == null ? 0 : job.gpuTotal();
        boolean gresPerJobMode = gresPerJob > 0;
        int remNodes = gresPerJobMode ? Math.min(minNodes, reqNodes) : Math.max(minNodes, reqNodes);
        int minRemNodes = minNodes;
        int maxNodes = job.maxNodesOr(nodes.size());
        if (boundByTasks(job, demand)) {
            maxNodes = Math.min(maxNodes, Math.max(job.ntasks(), minNodes));
        }
        int remCpus = minCpus;
        p.budget = CpusToUse.initialBudget(job, minCpus, remNodes);
        p.taskBudget = job.cpusPerTask() > 1 ? p.budget / job.cpusPerTask() : p.budget;
        int gresSum = 0;
        int[] availCpu = new int[nodes.size()];
        // read only here: neither the map nor its weight groups are changed
        BitSet map = nodeMap;
        if (!required.isEmpty()) {
            BitSet missing = (BitSet) required.clone();
            missing.andNot(map);
            if (!missing.isEmpty() || required.cardinality() > maxNodes) {
                return null;
            }
            for (int i = required.nextSetBit(0); i >= 0; i = required.nextSetBit(i + 1)) {
                int a = demand.availCpus(i);
                if (a == 0) {
                    return null;
                }
                a = p.limit(i, a, minRemNodes);
                availCpu[i] = a;
                p.order.add(i);
                remNodes--;
                minRemNodes--;
                maxNodes--;
                remCpus -= a;
                gresSum += demand.gpusFor(i);
            }
        }
        TreeMap<Long, BitSet> weights = WeightGroups.of(map, demand);
        // a switch's usable nodes are table.nodes[s] & map; they are counted and walked through SwitchMembers, never
        // built as a set (the required nodes lie in the map, checked above)
        SwitchMembers members = table.members();
        int[] swCnt = new int[n];
        int[] swCpu = new int[n];
        boolean[] swReq = new boolean[n];
        members.mark(required, swReq);
        int top = -1;
        long topWeight = 0;
        // free CPUs per switch; a switch whose nodes are exactly its children's adds theirs up (leaves first).
        // 26.05 sums switch_cpu_cnt over the nodes _allocate_sc left usable: a node with fewer free CPUs than one
        // task (pn_min_cpus) adds none (own case fuzz27 p28: leaf2's s4 with 2 free CPUs for -c3)
        int pnMin = Math.max(1, job.pnMinCpus());
        for (int i = map.nextSetBit(0); i >= 0; i = map.nextSetBit(i + 1)) {
            int cpus = switchCpus(i, demand, job, pnMin);
            for (int s : members.switchesOf(i)) {
                swCnt[s]++;
                swCpu[s] += cpus;
            }
        }
        members.sumUp(swCnt);
        members.sumUp(swCpu);
        for (int s = 0; s < n; s++) {
            if (swReq[s]) {
                if (top == -1 || table.level[s] > table.level[top]) {
                    top = s;
                }
            }
            if (!enoughNodes(swCnt[s], remNodes, minNodes, reqNodes)) {
                continue;
            }
            if (version.atLeast(SlurmVersion.V24_11) && remCpus > swCpu[s]) {
                continue;
            }
            if (required.isEmpty()) {
                Long w = WeightGroups.lowestWeightOn(weights, table.nodes[s], swCnt[s]);
                if (w != null && (top == -1 || (table.level[s] >= table.level[top] && w <= topWeight))) {
                    top = s;
                    topWeight = w;
                }
            }
        }
        if (top == -1) {
            return null;
        }
        BitSet underTop = table.nodes[top];
        for (int i = required.nextSetBit(0); i >= 0; i = required.nextSetBit(i + 1)) {
            if (!underTop.get(i)) {
                return null;
            }
        }
        BitSet chosen = new BitSet();
        if (!required.isEmpty()) {
            chosen.or(required);
            if (remNodes <= 0 && remCpus <= 0 && gresOk(gresPerJob, gresSum)) {
                return chosen;
            }
            if (maxNodes <= 0) {
                p.failure = Failure.MAX_NODE_LIMIT;
                return null;
            }
        }
        BitSet best = new BitSet();
        BitSet req2 = null;
        int bestCpu = 0;
        int bestCnt = 0;
        int bestGres = gresSum;
        boolean sufficient = false;
        for (BitSet group : weights.values()) {
            if (sufficient) {
                break;
            }
            if (bestCnt > 0) {
                if (req2 == null) {
                    req2 = new BitSet();
                }
                req2.or(best);
            }
            for (int i = group.nextSetBit(0); i >= 0; i = group.nextSetBit(i + 1)) {
                if (availCpu[i] > 0 || !underTop.get(i)) {
                    continue;
                }
                int a = demand.availCpus(i);
                if (a == 0) {
                    continue;
                }
                best.set(i);
                availCpu[i] = a;
                bestCpu += a;
                bestCnt++;
                bestGres += demand.gpusFor(i);
            }
            sufficient = bestCpu >= remCpus && enoughNodes(bestCnt, remNodes, minNodes, reqNodes)
                    && gresOk(gresPerJob, bestGres);
        }
        if (!sufficient) {
            BitSet usableUnderTop = (BitSet) underTop.clone();
            usableUnderTop.and(map);
            return p.retry(usableUnderTop);
        }
        if (req2 != null) {
            for (int i = req2.nextSetBit(0); i >= 0 && maxNodes > 0; i = req2.nextSetBit(i + 1)) {
                // _cpus_to_use before the counts drop, as in the leaf loops (22.05 _eval_nodes_topo, 24.11 and
                // 26.05 eval_nodes_tree.c): the node keeps one CPU back for each further node. Own case fuzz21
                // p18 (-N2 --cpus-per-gpu=6 --gpus-per-node=1, enforce-binding) gets 11 CPUs on p1 and 6 on p2
                // under 22.05.8, where counting p1 off first gave it 12
                availCpu[i] = p.limit(i, availCpu[i], minRemNodes);
                remNodes--;
                minRemNodes--;
                maxNodes--;
                p.order.add(i);
                remCpus -= availCpu[i];
                gresSum += demand.gpusFor(i);
            }
            // req2 lies under the top: the switches it marks are those whose usable nodes under the top it meets
            members.mark(req2, swReq);
            chosen.or(req2);
            if (remNodes <= 0 && remCpus <= 0 && gresOk(gresPerJob, gresSum)) {
                return chosen;
            }
            if (maxNodes <= 0) {
                return p.nodeLimit(chosen);
            }
        }
        best.or(chosen);
        // 24.11 and 26.05 count a switch's CPUs once, over every usable node under it whatever its weight
        // (switch_cpu_cnt before the weight groups are cut), and fit a leaf by swCpu as summed above
        // (_topo_compare_switches reads switch_cpu_cnt, the avail_cpus of _allocate_sc before the GPU core filter
        // cuts a node to its GPUs' tasks): own probe treeprobe07 (-n2 -c2 --gpus-per-task=2 on 2+1-GPU nodes, 26.05)
        // runs on the one-node leaf6 first, then on leaf1 once only the GPUs are missing; fuzz38 p24 (24.11) takes
        // l1 after h1 (SwitchCpuCountTest); the leaves' node counts take the cut
        // best lies in the top's usable nodes, so a switch's usable nodes under the top cut to best are simply its
        // nodes in best: those the leaf loops below count and walk
        members.count(best, swCnt);
        p.start(remNodes, minRemNodes, maxNodes, remCpus, gresSum);
        if (!required.isEmpty() || req2 != null) {
            for (int s = 0; s < n; s++) {
                if (!swReq[s] || !table.isLeaf(s)) {
                    continue;
                }
                int taken = 0;
                for (int i : members.nodesOf(s)) {
                    if (!best.get(i) || chosen.get(i) || availCpu[i] == 0) {
                        continue;
                    }
                    p.take(i, chosen, availCpu);
                    taken++;
                    if (p.done(gresPerJob)) {
                        return chosen;
                    }
                    if (version.atLeast(SlurmVersion.V26_05) && p.maxNodes <= 0) {
                        // 26.05 counts these nodes against max_nodes too (eval_nodes_tree.c "Add additional
                        // resources for already required leaf switches": ESLURM_TOPO_MAX_NODE_LIMIT)
                        return p.nodeLimit(chosen);
                    }
                }
                if (version.atLeast(SlurmVersion.V24_11)) {
                    ranking.decrement(taken, s, swCnt);
                }
            }
        }
        long[] dist = new long[n];
        for (int s = 0; s < n; s++) {
            if (swReq[s]) {
                ranking.addDist(dist, s);
            }
        }
        int prev = p.remNodes + 1;
        while (prev != p.remNodes) {
            prev = p.remNodes;
            int bestSw = -1;
            for (int s = 0; s < n; s++) {
                if (swReq[s] || !table.isLeaf(s)) {
                    continue;
                }
                bestSw = ranking.choose(dist, swCnt, swCpu, p.remNodes, p.remCpus, s, bestSw);
            }
            if (bestSw == -1) {
                break;
            }
            ranking.addDist(dist, bestSw);
            int[] leafNodes = members.nodesOf(bestSw);
            for (int k = 0; k < leafNodes.length && p.maxNodesLeft(); k++) {
                int i = leafNodes[k];
                if (!best.get(i) || chosen.get(i) || availCpu[i] == 0) {
                    continue;
                }
                p.take(i, chosen, availCpu);
                if (p.done(gresPerJob)) {
                    return chosen;
                }
            }
            if (version.atLeast(SlurmVersion.V24_11)) {
                ranking.decrement(swCnt[bestSw], bestSw, swCnt);
            }
            swCnt[bestSw] = 0;
        }
        if (p.minRemNodes <= 0 && p.remCpus <= 0 && gresOk(gresPerJob, p.gres)) {
            return chosen;
        }
        // 26.05 fails at the node that reaches max_nodes (ESLURM_TOPO_MAX_NODE_LIMIT), the loop above stops
        // taking nodes there: the same choice, the error told apart here
        return p.maxNodes <= 0 ? p.nodeLimit(chosen) : p.retryHint(chosen);
    }

    /**
     * What node {@code i} adds to its switches' {@code switch_cpu_cnt}: 22.05 and 24.11 its free CPUs; 26.05 the
     * {@code avail_cpus} of {@code _allocate_sc} (cons_tres {@code job_test.c}): none when fewer than one task's
     * ({@code pn_min_cpus}); for a job without GPUs whole tasks only ({@code avail_cpus = num_tasks x
     * cpus_per_task}), for one with GPUs every free CPU (the GPU filter cuts them later). Own case fuzz37 p28
     * ({@code -n5 -c12}): leaf2's g1 with 32 free CPUs counts 24, so leaf2 falls short of 60 and the job takes the
     * three nodes of leaf1, as 26.05.5 does.
     */
    private int switchCpus(int i, Demand demand, SlurmJobSpec job, int pnMin) {
        int free = demand.freeCpus(i);
        if (!version.atLeast(SlurmVersion.V24_11)) {
            return free;
        }
        if (job.ntasksPerSocket() != null) {
            // _allocate_sc's step 4 (24.11.5 and 26.05 cons_tres job_test.c, _check_ntasks_per_sock) keeps a
            // socket's cores only up to --ntasks-per-socket x -c CPUs, GPUs or not, and avail_res->avail_cpus is
            // the CPUs it kept (NtasksPerSocketCpus). Own probe c11a1 a1 (-n8 --ntasks-per-socket=1 -c2 --gpus=2,
            // 24.11.5): each node offers 4, so neither leaf0 (12) nor leaf1 (8) holds 16 and the leaf with more
            // nodes goes first: g1, g2, u1, then g3, where 16 free CPUs a node put the two-node leaf1 first
            free = Math.min(free, demand.allocateScCpus(i));
        }
        if (free < pnMin) {
            return 0;
        }
        int cpt = Math.max(1, job.cpusPerTask());
        return job.hasGpus() || cpt < 2 ? free : free / cpt * cpt;
    }

    static boolean gresOk(int gresPerJob, int gres) {
        return gresPerJob == 0 || gres >= gresPerJob;
    }

    static boolean enoughNodes(int avail, int remNodes, int minNodes, int reqNodes) {
        int needed = reqNodes > minNodes ? remNodes + minNodes - reqNodes : remNodes;
        return avail >= needed;
    }

}
