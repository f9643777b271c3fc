package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A node adds to its leaf's {@code switch_cpu_cnt} what {@code _allocate_sc} leaves in {@code avail_cpus}, which ends
 * with {@code MIN(cpu_count, part_cpu_limit)} (26.05 {@code select/cons_tres/job_test.c}): the partition's
 * {@code MaxCPUsPerNode} caps it, so a one-node leaf whose node has many free CPUs but few the partition allows does
 * not fit by CPUs ({@code _topo_compare_switches}, {@code topology/tree/eval_nodes_tree.c}). Own case featfz11 f6
 * ({@code -p mix -n2 -c4 --gpus-per-task=2}, mix capped at 6 CPUs a node, 26.05.5): with b1-b3 holding f5, leafb
 * offers b4's 6 CPUs, short of 8, and leafc (c1, c2: 6 + 6) is the one leaf that fits, so the job runs on c1 and c2.
 * The emulation counted b4's 32 free CPUs, found both leaves fitting and took the one-node leafb first (b4, c1).
 */
class PartitionCappedSwitchCpusTest {

    @Test
    void thePartitionCapLimitsWhatANodeAddsToItsLeaf() throws Exception {
        SlurmTreePolicy policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
        ClusterState state = ClusterState.empty(OracleCase.cluster("featfz11"));
        Suggestion f5 = policy.suggest(state, SbatchOptions.parseLine("-p mix -N3 -n8 -c2", "f5"));
        assertThat(f5).isInstanceOf(Suggestion.Placed.class);
        assertThat(hosts((Suggestion.Placed) f5)).isEqualTo(List.of("b1", "b2", "b3"));
        state = state.with(((Suggestion.Placed) f5).placement());
        Suggestion f6 = policy.suggest(state, SbatchOptions.parseLine("-p mix -n2 -c4 --gpus-per-task=2", "f6"));
        assertThat(f6).isInstanceOfSatisfying(Suggestion.Placed.class,
                p -> assertThat(hosts(p)).isEqualTo(List.of("c1", "c2")));
    }

    private static List<String> hosts(Suggestion.Placed p) {
        return p.placement().hosts().stream().map(HostAllocation::host).sorted().toList();
    }
}
