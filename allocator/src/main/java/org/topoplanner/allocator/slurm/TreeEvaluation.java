package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import java.util.TreeMap;
import org.topoplanner.allocator.slurm.NodeChooser.Demand;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * One evaluation of Slurm's {@code _eval_nodes_topo} on a switch tree, its steps in the source's order (22.05
 * {@code src/plugins/select/cons_tres/job_test.c}; 24.11 and 26.05 {@code src/plugins/topology/tree/eval_nodes_tree.c};
 * line numbers of {@code /tmp/sf/src-22.05}, {@code src-24.11}, {@code src-26.05}): the required nodes, the top
 * switch, the weight loop, the lighter groups taken whole, then the leaves ({@link LeafFill}). The counts Slurm keeps
 * ({@code rem_nodes}, {@code min_rem_nodes}, {@code max_nodes}, {@code rem_cpus}, the GPUs so far) live in the
 * {@link TreeProgress} from the start; how a failed evaluation goes on is recorded there too.
 */
final class TreeEvaluation {
    /**
     * How a step ended the evaluation ({@code goto fini}): with the chosen nodes, or {@code null} when it failed. A
     * step that returns no {@code End} hands over to the next.
     */
    record End(BitSet chosen) {
        static final End FAILED = new End(null);
    }

    private final SwitchTable table;
    private final SlurmVersion version;
    private final SwitchRanking ranking;
    private final SlurmJobSpec job;
    private final Demand demand;
    private final TreeProgress p;
    /** The usable nodes; read only: neither the map nor its weight groups are changed. */
    private final BitSet map;
    private final BitSet required;
    private final int minNodes;
    private final int reqNodes;
    /** The job's {@code gres_per_job} count; 0 when it has none. */
    private final int gresPerJob;
    /** {@code avail_cpu_per_node}: what each node taken or collected offers. */
    private final int[] availCpu;
    private final SwitchMembers members;

    private TreeMap<Long, BitSet> weights;
    private SwitchCounts counts;
    private int top = -1;
    private BitSet chosen;
    /** {@code best_nodes_bitmap}: the nodes of the weight groups the weight loop collected. */
    private BitSet best;
    /** {@code req2_nodes_bitmap}: the lighter groups, taken whole like required nodes; {@code null}: none. */
    private BitSet req2;

    /**
     * {@code maxNodes}: the pass's {@code max_nodes} ({@link TreeSelector}); {@code minCpus}: the job's
     * {@code details->min_cpus}.
     */
    TreeEvaluation(int nodeCount, SwitchTable table, SlurmVersion version, SwitchRanking ranking, SlurmJobSpec job,
                   Demand demand, TreeProgress p, BitSet map, BitSet required, int minCpus, int maxNodes) {
        this.table = table;
        this.version = version;
        this.ranking = ranking;
        this.job = job;
        this.demand = demand;
        this.p = p;
        this.map = map;
        this.required = required;
        this.minNodes = job.minNodes();
        this.reqNodes = job.reqNodes();
        this.members = table.members();
        this.availCpu = new int[nodeCount];
        // gres_per_job: --gpus=N, or -n times --gpus-per-task (gres_job_state_validate), which every version's
        // gres_sched_test then asks the chosen nodes to hold (own case fuzz23 p35, -n6 -c1 --gpus-per-task=2
        // enforce-binding: two 4-GPU nodes give the six tasks' CPUs but 8 of the 12 GPUs, so a third node is added)
        this.gresPerJob = job.gpuTotal() == null ? 0 : job.gpuTotal();
        int remNodes = gresPerJob > 0 ? Math.min(minNodes, reqNodes) : Math.max(minNodes, reqNodes);
        p.start(remNodes, minNodes, maxNodes, minCpus, 0);
        p.budget = CpusToUse.initialBudget(job, minCpus, remNodes);
        // eval_nodes_set_max_tasks (24.11/26.05 topology/common/eval_nodes.c): -O keeps max_cpus as the task count
        p.taskBudget = GresTaskCount.maxTasks(job, p.budget);
    }

    /** The chosen nodes, or {@code null} when this evaluation fails ({@link TreeProgress} says how). */
    BitSet run() {
        End end = takeRequired();
        if (end == null) {
            end = chooseTopSwitch();
        }
        if (end == null) {
            end = requiredSuffice();
        }
        if (end == null) {
            end = collectLowestWeights();
        }
        if (end == null) {
            end = takeLighterGroups();
        }
        if (end != null) {
            return end.chosen();
        }
        return new LeafFill(table, version, ranking, members, counts, p, best, chosen, availCpu, gresPerJob)
                .run(!required.isEmpty() || req2 != null);
    }

    /**
     * "Validate availability of required nodes", then each is taken with {@code _cpus_to_use} while the weight
     * groups are built (22.05 lines 2210-2298; 24.11 827-908; 26.05 833-919).
     */
    private End takeRequired() {
        chosen = new BitSet();
        if (!required.isEmpty()) {
            BitSet missing = (BitSet) required.clone();
            missing.andNot(map);
            if (!missing.isEmpty() || required.cardinality() > p.maxNodes) {
                return End.FAILED;
            }
            for (int i = required.nextSetBit(0); i >= 0; i = required.nextSetBit(i + 1)) {
                int a = demand.availCpus(i);
                if (a == 0) {
                    return End.FAILED;
                }
                availCpu[i] = a;
                if (!p.take(i, chosen, availCpu)) {
                    // eval_nodes_gres left the required node no use: "insufficient resources on required node"
                    return End.FAILED;
                }
            }
        }
        weights = WeightGroups.of(map, demand);
        return null;
    }

    /**
     * "Identify the highest level switch to be used": the highest switch holding a required node, else the highest
     * with enough usable nodes (24.11 and 26.05: and CPUs) of the lowest weight, the last of a tie; then "Check that
     * all specifically required nodes are on shared network" (22.05 lines 2300-2366; 24.11 909-988; 26.05 920-1002).
     */
    private End chooseTopSwitch() {
        counts = SwitchCounts.of(table, members, map, required, demand, job, version);
        long topWeight = 0;
        for (int s = 0; s < table.size(); s++) {
            if (counts.required[s]) {
                if (top == -1 || table.level[s] > table.level[top]) {
                    top = s;
                }
            }
            if (!TreeSelector.enoughNodes(counts.nodes[s], p.remNodes, minNodes, reqNodes)) {
                continue;
            }
            if (version.atLeast(SlurmVersion.V24_11) && p.remCpus > counts.cpus[s]) {
                continue;
            }
            if (required.isEmpty()) {
                Long w = WeightGroups.lowestWeightOn(weights, table.nodes[s], counts.nodes[s]);
                if (w != null && (top == -1 || (table.level[s] >= table.level[top] && w <= topWeight))) {
                    top = s;
                    topWeight = w;
                }
            }
        }
        if (top == -1) {
            // "unable to identify top level switch"
            p.atTopSwitch = true;
            return End.FAILED;
        }
        BitSet underTop = table.nodes[top];
        for (int i = required.nextSetBit(0); i >= 0; i = required.nextSetBit(i + 1)) {
            if (!underTop.get(i)) {
                // "requires nodes that do not have shared network"
                p.atTopSwitch = true;
                return End.FAILED;
            }
        }
        return null;
    }

    /**
     * "Required nodes completely satisfied the request", else a job whose required nodes reached {@code max_nodes}
     * fails (22.05 lines 2367-2392; 24.11 989-1023; 26.05 1003-1039).
     */
    private End requiredSuffice() {
        if (required.isEmpty()) {
            return null;
        }
        if (p.remNodes <= 0 && p.remCpus <= 0 && TreeSelector.gresOk(gresPerJob, p.gres)) {
            return new End(chosen);
        }
        if (p.maxNodes <= 0) {
            p.failure = TreeSelector.Failure.MAX_NODE_LIMIT;
            // "requires nodes exceed maximum node limit": 24.11 returns ESLURM_REQUESTED_TOPO_CONFIG_UNAVAILABLE
            p.atTopSwitch = true;
            return End.FAILED;
        }
        return null;
    }

    /**
     * "Identify the best set of nodes": whole weight groups under the top switch, lightest first, until their CPUs,
     * nodes and GPUs suffice; every group before the last becomes {@link #req2} (22.05 lines 2393-2478; 24.11
     * 1024-1119; 26.05 1040-1137). Too few fails with the top switch's usable nodes to drop ({@code
     * EVAL_ACTION_RETRY}).
     */
    private End collectLowestWeights() {
        BitSet underTop = table.nodes[top];
        best = new BitSet();
        int bestCpu = 0;
        int bestCnt = 0;
        int bestGres = p.gres;
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
            sufficient = bestCpu >= p.remCpus && TreeSelector.enoughNodes(bestCnt, p.remNodes, minNodes, reqNodes)
                    && TreeSelector.gresOk(gresPerJob, bestGres);
        }
        if (!sufficient) {
            BitSet usableUnderTop = (BitSet) underTop.clone();
            usableUnderTop.and(map);
            p.retry(usableUnderTop);
            return End.FAILED;
        }
        return null;
    }

    /**
     * "Add lowest weight nodes. Treat similar to required nodes for the job": the lighter groups are taken whole
     * while {@code max_nodes} lasts, and their switches count as required (22.05 lines 2480-2536; 24.11 1121-1175;
     * 26.05 1139-1194).
     */
    private End takeLighterGroups() {
        if (req2 == null) {
            return null;
        }
        for (int i = req2.nextSetBit(0); i >= 0 && p.maxNodes > 0; i = req2.nextSetBit(i + 1)) {
            // _cpus_to_use before the counts drop, as in the leaf loops (22.05 _eval_nodes_topo, 24.11 and
            // 26.05 eval_nodes_tree.c): the node keeps one CPU back for each further node. Own case fuzz21
            // p18 (-N2 --cpus-per-gpu=6 --gpus-per-node=1, enforce-binding) gets 11 CPUs on p1 and 6 on p2
            // under 22.05.8, where counting p1 off first gave it 12
            if (!p.take(i, chosen, availCpu)) {
                // "Too many restricted gpu cores removed due to gres layout. Skip node" (24.11/26.05: also a node
                // eval_nodes_gres leaves no task): bit_clear(req2_nodes_bitmap, i)
                req2.clear(i);
            }
        }
        // req2 lies under the top: the switches it marks are those whose usable nodes under the top it meets. The
        // whole of req2 joins the choice, also the nodes max_nodes left untaken (bit_or(node_map, req2_nodes_bitmap))
        members.mark(req2, counts.required);
        chosen.or(req2);
        if (p.remNodes <= 0 && p.remCpus <= 0 && TreeSelector.gresOk(gresPerJob, p.gres)) {
            return new End(chosen);
        }
        if (p.maxNodes <= 0) {
            p.nodeLimit(chosen);
            return End.FAILED;
        }
        return null;
    }
}
