package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * sbatch's test of a job sees the idle partition: the base blocks that a running {@code --exclusive=topo} job holds
 * ({@code _block_by_topology}) leave the map of the job's placement, not of that test. Own case yamlfz15 (a
 * {@code topology.yaml} with the block topology {@code nvl} and the tree {@code fabric}; real 26.05.5): y8 ({@code -p
 * blk --exclusive=topo}) holds b4 = h7, h8, p4, so {@code -p tree2 --gpus=8} (h6, h7, h8, p4, p5) is left h6 and p5
 * with 7 GPUs. 26.05.5 accepts y15 and, its tree failing with every core free, leaves it waiting with
 * {@code Insufficient_resources_in_topology_unit}; the emulation refused it as if the held block were gone for good.
 */
class SubmitTestBeforeTopoHeldBlocksTest {

    @Test
    void aJobThatFitsOnlyInAHeldBlockIsAcceptedAndWaits() throws Exception {
        SlurmTreePolicy v26 = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
        ClusterState state = ClusterState.empty(OracleCase.clusterWithTopologyYaml("yamlfz15"));
        String[][] background = {
            {"-N3 --gpus-per-node=3 --segment=1 --cpus-per-gpu=3", "h1 h2 h3"},
            {"-p blk -x p1 -N2 --gpus-per-node=1 --exclusive=topo", "h7 h8"},
            {"-p blk -n2 -c2", "h1"},
        };
        int k = 0;
        for (String[] b : background) {
            Suggestion s = v26.suggest(state, SbatchOptions.parseLine(b[0], "b" + k++));
            assertThat(s).as("background job %s", b[0]).isInstanceOfSatisfying(Suggestion.Placed.class,
                    p -> assertThat(p.placement().hosts().stream().map(HostAllocation::host).toList())
                            .isEqualTo(List.of(b[1].split(" "))));
            state = state.with(((Suggestion.Placed) s).placement(), b[0].contains("--exclusive=topo")
                    ? ClusterState.Hold.WHOLE_BLOCKS : ClusterState.Hold.LISTED);
        }
        Suggestion s = v26.suggest(state, SbatchOptions.parseLine("-p tree2 --gpus=8", "y15"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.reason()).isEqualTo(PendingReason.TOPO_INSUFFICIENT));
    }
}
