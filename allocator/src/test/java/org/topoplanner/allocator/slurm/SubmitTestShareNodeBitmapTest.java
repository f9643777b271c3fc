package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * sbatch's test gives the block plugin the node sets after {@code bit_and(share_node_bitmap)} first
 * ({@code _pick_best_nodes}, node_scheduler.c, 24.11.5 and 26.05.5): the nodes an {@code --exclusive} job holds are
 * out of that test, which changes the weight groups, and only when it fails is the whole node map tried. Cluster: own
 * case blockfz24 (21 nodes, {@code BlockSizes=2,4}). State as when k35 ({@code -N16 --gpus-per-node=1}) was submitted:
 * k26 on s2, k28 ({@code -N2 --exclusive}) on m4 and s6, k30 ({@code -n2 -c4}) on q3. Both real versions ran k35 at
 * once (results/new and results/v26.05 blockfz24.jsonl); the idle probe blockfz24p refused it (26.05.5), and a rerun
 * of blockfz24 to k35 with {@code DebugFlags=SelectType} (26.05.5, not kept) shows its submit test weighing 19 nodes,
 * m4 and s6 absent.
 */
class SubmitTestShareNodeBitmapTest {
    private static final Cluster BLOCKFZ24 = OracleCase.cluster("blockfz24");
    private static final String K35 = "-N16 --gpus-per-node=1";

    private static ClusterState beforeK35(ClusterState.Hold k28Hold) {
        return ClusterState.empty(BLOCKFZ24)
                .with(new Placement("k26", List.of(HostAllocation.of("s2", List.of(0), CpuSet.of(0)))))
                .with(new Placement("k28", List.of(
                        HostAllocation.of("m4", List.of(0, 1, 2, 3), CpuSet.range(0, 47)),
                        HostAllocation.of("s6", List.of(0, 1), CpuSet.range(0, 7)))), k28Hold)
                .with(new Placement("k30", List.of(HostAllocation.of("q3", List.of(), CpuSet.range(0, 7)))));
    }

    private static Suggestion suggest(SlurmVersion v, ClusterState state) throws Exception {
        return new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(state,
                SbatchOptions.parseLine(K35, "k35"));
    }

    @ParameterizedTest
    @EnumSource(value = SlurmVersion.class, names = {"V24_11", "V26_05"})
    void theNodesAnExclusiveJobHoldsLeaveTheFirstTest(SlurmVersion v) throws Exception {
        assertThat(suggest(v, beforeK35(ClusterState.Hold.WHOLE_NODES)))
                .isInstanceOfSatisfying(Suggestion.Placed.class, p -> assertThat(p.placement().hostNames())
                        .hasSize(16).doesNotContain("m4", "s6", "q4", "s5"));
    }

    @ParameterizedTest
    @EnumSource(value = SlurmVersion.class, names = {"V24_11", "V26_05"})
    void aSharingJobsNodesStayInTheTestSoTheWholeMapDecides(SlurmVersion v) throws Exception {
        // the same state with k28 sharing its nodes: share_node_bitmap keeps m4 and s6, the test weighs all 21
        // nodes as on the idle cluster (probe blockfz24p: refused, 26.05.5) and the job never runs
        assertThat(suggest(v, beforeK35(ClusterState.Hold.LISTED))).isInstanceOf(Suggestion.Impossible.class);
        assertThat(suggest(v, ClusterState.empty(BLOCKFZ24))).isInstanceOf(Suggestion.Impossible.class);
    }
}
