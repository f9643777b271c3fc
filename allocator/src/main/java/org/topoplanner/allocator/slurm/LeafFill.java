package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The leaf steps that end a {@link TreeEvaluation}: the switch counts narrowed to the nodes the weight loop collected,
 * the top-up of the leaves that already hold chosen nodes, then further leaves one at a time by
 * {@link SwitchRanking} (Slurm's {@code _eval_nodes_topo}: 22.05 {@code cons_tres/job_test.c}; 24.11 and 26.05
 * {@code topology/tree/eval_nodes_tree.c}). Inside a leaf, nodes go in {@code slurm.conf} order.
 */
final class LeafFill {
    private final SwitchTable table;
    private final SlurmVersion version;
    private final SwitchRanking ranking;
    private final SwitchMembers members;
    private final SwitchCounts counts;
    private final TreeProgress p;
    /** {@code best_nodes_bitmap} with the chosen nodes: the nodes the leaves may still give. */
    private final BitSet best;
    private final BitSet chosen;
    private final int[] availCpu;
    private final int gresPerJob;

    LeafFill(SwitchTable table, SlurmVersion version, SwitchRanking ranking, SwitchMembers members,
             SwitchCounts counts, TreeProgress p, BitSet best, BitSet chosen, int[] availCpu, int gresPerJob) {
        this.table = table;
        this.version = version;
        this.ranking = ranking;
        this.members = members;
        this.counts = counts;
        this.p = p;
        this.best = best;
        this.chosen = chosen;
        this.availCpu = availCpu;
        this.gresPerJob = gresPerJob;
    }

    /**
     * The chosen nodes, or {@code null} when the leaves fall short ({@link TreeProgress} says how); {@code topUp}:
     * some nodes are taken already (required or lighter groups), so their leaves are topped up first.
     */
    BitSet run(boolean topUp) {
        narrowToBest();
        if (topUp) {
            TreeEvaluation.End end = topUpRequiredLeaves();
            if (end != null) {
                return end.chosen();
            }
        }
        return addBestFitLeaves();
    }

    /**
     * "Construct a set of switch array entries": each switch's node count cut to the collected nodes (22.05 lines
     * 2538-2575; 24.11 1176-1204; 26.05 1195-1222).
     */
    private void narrowToBest() {
        best.or(chosen);
        // 24.11 and 26.05 count a switch's CPUs once, over every usable node under it whatever its weight
        // (switch_cpu_cnt before the weight groups are cut), and fit a leaf by those counts (SwitchCounts.cpus)
        // (_topo_compare_switches reads switch_cpu_cnt, the avail_cpus of _allocate_sc before the GPU core filter
        // cuts a node to its GPUs' tasks): own probe treeprobe07 (-n2 -c2 --gpus-per-task=2 on 2+1-GPU nodes, 26.05)
        // runs on the one-node leaf6 first, then on leaf1 once only the GPUs are missing; fuzz38 p24 (24.11) takes
        // l1 after h1 (SwitchCpuCountTest); the leaves' node counts take the cut
        // best lies in the top's usable nodes, so a switch's usable nodes under the top cut to best are simply its
        // nodes in best: those the leaf loops below count and walk
        members.count(best, counts.nodes);
    }

    /**
     * "Add additional resources for already required leaf switches": their other collected nodes in turn (22.05
     * lines 2577-2626; 24.11 1206-1252; 26.05 1223-1279). 24.11 and 26.05 take the nodes off the switch counts
     * ({@code _decrement_node_cnt}); 26.05 also stops at {@code max_nodes}.
     */
    private TreeEvaluation.End topUpRequiredLeaves() {
        for (int s = 0; s < table.size(); s++) {
            if (!counts.required[s] || !table.isLeaf(s)) {
                continue;
            }
            int taken = 0;
            for (int i : members.nodesOf(s)) {
                if (!best.get(i) || chosen.get(i) || availCpu[i] == 0) {
                    continue;
                }
                if (!p.take(i, chosen, availCpu)) {
                    continue;
                }
                taken++;
                if (p.done(gresPerJob)) {
                    return new TreeEvaluation.End(chosen);
                }
                if (version.atLeast(SlurmVersion.V26_05) && p.maxNodes <= 0) {
                    // 26.05 counts these nodes against max_nodes too (eval_nodes_tree.c "Add additional
                    // resources for already required leaf switches": ESLURM_TOPO_MAX_NODE_LIMIT)
                    p.nodeLimit(chosen);
                    return TreeEvaluation.End.FAILED;
                }
            }
            if (version.atLeast(SlurmVersion.V24_11)) {
                ranking.decrement(taken, s, counts.nodes);
            }
        }
        return null;
    }

    /**
     * "Add additional resources as required from additional leaf switches": the best-fitting leaf by distance to the
     * switches used ({@link SwitchRanking#choose}), all its collected nodes, until the job is met or no leaf is left
     * (22.05 lines 2627-2694; 24.11 1253-1319; 26.05 1280-1357).
     */
    private BitSet addBestFitLeaves() {
        int n = table.size();
        int[] swCnt = counts.nodes;
        long[] dist = new long[n];
        for (int s = 0; s < n; s++) {
            if (counts.required[s]) {
                ranking.addDist(dist, s);
            }
        }
        int prev = p.remNodes + 1;
        while (prev != p.remNodes) {
            prev = p.remNodes;
            int bestSw = -1;
            for (int s = 0; s < n; s++) {
                if (counts.required[s] || !table.isLeaf(s)) {
                    continue;
                }
                bestSw = ranking.choose(dist, swCnt, counts.cpus, p.remNodes, p.remCpus, s, bestSw);
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
        if (p.minRemNodes <= 0 && p.remCpus <= 0 && TreeSelector.gresOk(gresPerJob, p.gres)) {
            return chosen;
        }
        // 26.05 fails at the node that reaches max_nodes (ESLURM_TOPO_MAX_NODE_LIMIT), the loop above stops
        // taking nodes there: the same choice, the error told apart here
        return p.maxNodes <= 0 ? p.nodeLimit(chosen) : p.retryHint(chosen);
    }
}
