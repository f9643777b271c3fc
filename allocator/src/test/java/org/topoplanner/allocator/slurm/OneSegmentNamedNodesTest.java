package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code eval_nodes_block} cuts the segments out of a job's {@code -w} nodes only when it has more than one segment
 * ({@code segment_cnt > 1}, 26.05; 24.11.5 refuses that case); a segment as big as the job leaves the named nodes
 * required, as for a job without a segment ({@code req_nodes_bitmap}), and the block's other nodes fill it. Own case
 * yamlfz39 y44 ({@code -p blk2 -w u1,f2 -N5 --gpus-per-node=3 --segment=5 --exclusive}; {@code blk2}'s topology
 * {@code nvl2} has two base blocks of four, six nodes with GPUs): real 26.05.5 accepts it and leaves it waiting with
 * {@code Resources} while f2 is busy (results/v26.05/yamlfz39.jsonl); the emulation took only u1 and f2 as the node map
 * and refused the job.
 */
class OneSegmentNamedNodesTest {
    private static final Cluster YAMLFZ39 = OracleCase.clusterWithTopologyYaml("yamlfz39");
    private static final String Y44 = "-p blk2 -w u1,f2 -N5 --gpus-per-node=3 --segment=5 --exclusive";

    private static SlurmTreePolicy v26() {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05));
    }

    @Test
    void oneSegmentTakesTheNamedNodesAndFillsTheRestOnTheIdleCluster() throws Exception {
        Suggestion s = v26().suggest(ClusterState.empty(YAMLFZ39), SbatchOptions.parseLine(Y44, "y44"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> assertThat(
                p.placement().hosts().stream().map(HostAllocation::host).toList()).hasSize(5).contains("u1", "f2"));
    }

    @Test
    void oneSegmentWaitsWhileANamedNodeIsBusy() throws Exception {
        // y38 and y42 (-w f2) run on f2 when y44 is submitted
        ClusterState state = ClusterState.empty(YAMLFZ39).with(new Placement("y42",
                List.of(HostAllocation.of("f2", List.of(0, 1), CpuSet.range(0, 3)))));
        Suggestion s = v26().suggest(state, SbatchOptions.parseLine(Y44, "y44"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Pending.class,
                p -> assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES));
    }
}
