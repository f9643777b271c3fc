package org.topoplanner.allocator.slurm;

import java.util.List;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The words of a job sbatch's test finds never runnable on a switch tree, per release: which code
 * {@code _pick_best_nodes} ({@code slurmctld/node_scheduler.c}) gives it. With {@code runable_ever} false it returns
 * the last pick's code when that is {@code ESLURM_REQUESTED_TOPO_CONFIG_UNAVAILABLE} ("Requested topology
 * configuration is not available"), else {@code ESLURM_REQUESTED_NODE_CONFIG_UNAVAILABLE} ("Requested node
 * configuration is not available"). The last pick is the test-only one on every node of the job's node sets, as if
 * all were free: sbatch's test on the idle cluster.
 *
 * <ul>
 * <li>22.05.8: the code does not exist in its sources; always "node".</li>
 * <li>24.11.5: {@code topology/tree/eval_nodes_tree.c} {@code _eval_nodes_topo} returns it when no switch holds
 * enough usable nodes ({@code eval_nodes_enough_nodes}) and CPUs ({@code switch_cpu_cnt}: "unable to identify top
 * level switch"), or the required nodes are not under the top switch ("requires nodes that do not have shared
 * network"); its other failures, and {@code _select_nodes}' (cons_tres {@code job_test.c}: fewer nodes with CPUs
 * for the job than {@code min_nodes}), are {@code SLURM_ERROR}. {@code common_topo_choose_nodes} returns the code
 * of its last {@code eval_nodes}. Own probe c22r1 (r22j): {@code -p short -N2 --gpus=4 --ntasks-per-gpu=3 -c2}
 * (MaxCPUsPerNode=8) refused "topology", {@code -N2 -n12 -c2} "node"; lead's featfz11 f3 ({@code -n2 -c5} where
 * the partition gives 2 CPUs a node: no node usable) "node".</li>
 * <li>26.05.5: left as the policies word it (its tree returns {@code ESLURM_TOPO_INSUFFICIENT_RESOURCES} where no
 * top switch is found).</li>
 * </ul>
 */
final class SubmitPickCode {
    static final String TOPOLOGY = "Requested topology configuration is not available";
    static final String NODE = "Requested node configuration is not available";

    private SubmitPickCode() {
    }

    /**
     * The refusal of {@code job}, which sbatch's test refuses, on {@code idle} ({@code memory}: its per-CPU caps, or
     * {@code null}) under {@code table}'s tree ({@code null}: flat, "node").
     */
    static String refusal(ClusterState idle, PerCpuMemory.Table memory, List<SlurmNode> nodes, SwitchTable table,
                          SlurmJobSpec job, SlurmVersion version) {
        if (version != SlurmVersion.V24_11 || table == null || job.nodeChoice().spreadJob()
                || job.nodeChoice().contiguous()) {
            // (the tree's code only where eval_nodes_tree ran: not for a spread or contiguous job, NodeChoiceEvaluation)
            return NODE;
        }
        // the submit test's own selector (SlurmTreePolicy.submitTestChooser), its retry run to the end: the code is
        // the last evaluation's, so no proof that all of them fail may cut the rounds short
        TreeSelector tree = new TreeSelector(nodes, table, version, false).recordingLastFailure();
        NodeChooser test = KnapsackRetry.of(tree, KnapsackRetry.Hopeless.NEVER, version);
        if (SlurmAllocation.attempt(idle, nodes, test, job, version, memory) != null) {
            return NODE;
        }
        return tree.lastFailedAtTopSwitch() ? TOPOLOGY : NODE;
    }
}
