package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 26.05's tree looks at a job's required nodes one by one in node order ({@code eval_nodes_tree.c}
 * {@code _eval_nodes_topo}): {@code eval_nodes_select_cores} with {@code min_rem_nodes}, then
 * {@code eval_nodes_cpus_to_use} -> {@code eval_nodes_gres} ({@code gres_sched_add}) adds the node's GPUs to the job's
 * {@code total_gres} before the next one is filtered. So {@code _set_max_gres} asks each later required node for what
 * is still missing, less one per node after it, and a socket holding that is "sufficient": with
 * {@code enforce-binding} the other socket's cores go. Own case fuzz43 p24 ({@code -w p6,p4,p7 --gpus=5}
 * enforce-binding, 2 + 1-GPU nodes): p4 is asked for 3, p6 and p7 for one each, and 26.05.5 gives p6 and p7 one
 * socket's cores; the emulation asked every required node for 3 and kept both sockets.
 */
class RequiredNodesGresSchedAddTest {

    @Test
    void aLaterRequiredNodeIsAskedForWhatIsStillMissing() throws Exception {
        SlurmTreePolicy v26 = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
        Suggestion s = v26.suggest(ClusterState.empty(OracleCase.cluster("fuzz43")),
                SbatchOptions.parseLine("-w p6,p4,p7 --gpus=5 --gres-flags=enforce-binding", "p24"));
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        Map<String, HostAllocation> byHost = ((Suggestion.Placed) s).placement().hosts().stream()
                .collect(Collectors.toMap(HostAllocation::host, h -> h));
        // p4 (first in node order) is asked for 5 - (3 - 1) = 3 GPUs: both sockets
        assertThat(byHost.get("p4").gpus()).containsExactly(0, 1, 2);
        for (String later : new String[] {"p6", "p7"}) {
            // asked for one GPU: socket 0 (most free cores, the first on a tie) suffices
            assertThat(byHost.get(later).gpus()).as(later).hasSize(1);
            assertThat(byHost.get(later).cpus()).as(later).isEqualTo(CpuSet.range(0, 15));
        }
    }
}
