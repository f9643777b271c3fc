package org.topoplanner.allocator.slurm;

import java.util.Locale;
import java.util.Map;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * What {@code TopologyPlugin=topology/tree} does with a {@code topology.conf} that names no switch, per release (a
 * missing file stops 22.05's and 24.11's slurmctld: "cannot stat file ... topology.conf"). A cluster whose
 * {@code slurm.conf} names no topology plugin has Slurm's default (22.05 {@code topology/none}, 24.11
 * {@code topology/default}, 26.05 {@code topology/flat}, {@code read_config.c} {@code _validate_and_set_defaults}),
 * which selects without a topology in every release, as a named {@code topology/none} does.
 *
 * <ul>
 *   <li>22.05: {@code topology_tree.c} {@code _validate_switches} logs "No switches configured" and leaves
 *       {@code switch_record_cnt} 0; cons_tres {@code _eval_nodes} takes {@code _eval_nodes_topo} only with
 *       switch records, so the job is placed by the consecutive-set selection ({@link FlatSelector}).</li>
 *   <li>24.11: the tree plugin's {@code topology_p_eval_nodes} always sets {@code eval_nodes_tree}, which runs
 *       {@code _eval_nodes_topo} ({@code topology/tree/eval_nodes_tree.c}; its {@code xassert(switch_record_cnt)}
 *       is compiled out): no switch becomes the top switch, so it returns
 *       {@code ESLURM_REQUESTED_TOPO_CONFIG_UNAVAILABLE}, which {@code common_topo_choose_nodes} returns at once
 *       as a permanent error. sbatch refuses every job.</li>
 *   <li>26.05: {@code topology/tree/switch_record.c} {@code switch_record_validate}: "fatal: No switches
 *       configured, failed to create context for topology plugin"; slurmctld does not start.</li>
 * </ul>
 * Own probe case swless1 (an empty {@code topology.conf}, 30 nodes of six types and three weights): real 22.05.8
 * places every job, 24.11.5 refuses all 70 ("Requested topology configuration is not available"; p29's
 * {@code --mem=600G} is refused for its memory first).
 */
final class SwitchlessTree {
    private SwitchlessTree() {
    }

    /** Why {@code version} refuses every job on a cluster without switches under the tree plugin; null if it does not. */
    static String refusal(Cluster cluster, SlurmVersion version) {
        if (version == SlurmVersion.V22_05 || !namesTree(cluster)) {
            return null;
        }
        if (version == SlurmVersion.V24_11) {
            return "Requested topology configuration is not available: topology/tree without a switch in"
                    + " topology.conf has no top switch (24.11 _eval_nodes_topo)";
        }
        return "slurmctld does not start: topology/tree without a switch in topology.conf is fatal in "
                + version.label() + " (No switches configured)";
    }

    /** Whether the cluster's {@code slurm.conf} names {@code topology/tree}. */
    static boolean namesTree(Cluster cluster) {
        for (Map.Entry<String, String> k : cluster.slurm().keys().entrySet()) {
            if (k.getKey().equalsIgnoreCase("TopologyPlugin")) {
                return k.getValue().strip().toLowerCase(Locale.ROOT).endsWith("tree");
            }
        }
        return false;
    }
}
