package org.topoplanner.allocator.slurm;

import java.util.BitSet;
import java.util.List;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code eval_nodes}' dispatch for the jobs that ask for another evaluation than the topology's: 22.05's
 * {@code _eval_nodes} ({@code select/cons_tres/job_test.c}) and 24.11's and 26.05's {@code eval_nodes}
 * ({@code topology/common/eval_nodes.c}) test {@code SPREAD_JOB} first ({@code _eval_nodes_spread}), and the
 * tree's evaluation runs only without {@code details->contiguous} (22.05 {@code _eval_nodes}, 24.11 and 26.05
 * {@code eval_nodes_tree}: {@code ESLURM_NOT_SUPPORTED}, so {@code _eval_nodes_consec} runs). The block plugin sets
 * {@code trump_others}, so {@code eval_nodes_block} runs before either test and this dispatch is the tree's only.
 * 26.05's rewritten {@code _eval_nodes_spread} is not emulated ({@link NodeChoiceRefusal}).
 */
final class NodeChoiceEvaluation implements NodeChooser {
    private final NodeChooser topology;
    private final FlatSelector spread;
    private final FlatSelector contiguous;

    private NodeChoiceEvaluation(NodeChooser topology, List<SlurmNode> nodes, SlurmVersion taskBound) {
        this.topology = topology;
        this.spread = new FlatSelector(nodes, taskBound, FlatSelector.Mode.SPREAD);
        this.contiguous = new FlatSelector(nodes, taskBound, FlatSelector.Mode.CONTIGUOUS);
    }

    /**
     * {@code topology} for the jobs without {@code --spread-job} or {@code --contiguous}; the node-index evaluations
     * bound by the tasks as {@code taskBound}'s {@code choose_nodes} does ({@link FlatSelector}).
     */
    static NodeChooser around(NodeChooser topology, List<SlurmNode> nodes, SlurmVersion taskBound) {
        return new NodeChoiceEvaluation(topology, nodes, taskBound);
    }

    @Override
    public NodePick select(BitSet nodeMap, BitSet required, SlurmJobSpec job, Demand demand, int minCpus) {
        if (job.nodeChoice().spreadJob()) {
            return spread.select(nodeMap, required, job, demand, minCpus);
        }
        if (job.nodeChoice().contiguous()) {
            return contiguous.select(nodeMap, required, job, demand, minCpus);
        }
        return topology.select(nodeMap, required, job, demand, minCpus);
    }
}
