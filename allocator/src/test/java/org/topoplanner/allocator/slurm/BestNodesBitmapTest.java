package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code eval_nodes_block} (24.11.5 and 26.05.5): after the weight loop every later loop, the one that goes on adding
 * nodes of the required base blocks until the job's GPU total is met ({@code gres_sched_test}) included, walks
 * {@code best_nodes_bitmap}, the weight groups the loop reached, not every node of the block. The weight groups are
 * the scheduling weights: configured weight, then fewer near GPUs heavier, so a partly used node falls behind an idle
 * one of the same weight. The state is own case blockfz10 at k16 (h8: two jobs, one free GPU; h7: one job, three
 * free GPUs; h9 idle); a real slurmctld with {@code DebugFlags=SelectType} logged the groups h8 510, h9 1531, h7 1532
 * and placed {@code --gpus=4} on h8 and h9 under both versions (results/new and results/v26.05 blockfz10.jsonl).
 */
class BestNodesBitmapTest {

    @Test
    void gpuTotalNodesComeFromTheWeightGroupsReachedNotTheWholeBlock() throws Exception {
        var cluster = OracleCase.cluster("blockfz10");
        ClusterState state = ClusterState.empty(cluster)
                .with(new Placement("k11", List.of(HostAllocation.of("h8", List.of(0, 1), CpuSet.range(0, 5)))))
                .with(new Placement("k15", List.of(HostAllocation.of("h7", List.of(0), CpuSet.range(0, 3)),
                        HostAllocation.of("h8", List.of(2), CpuSet.range(16, 19)))));
        for (SlurmVersion v : List.of(SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            Suggestion s = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(state,
                    SbatchOptions.parse(List.of("--gpus=4"), "k16"));
            assertThat(s).as("Slurm %s", v.label()).isInstanceOfSatisfying(Suggestion.Placed.class,
                    p -> assertThat(p.placement().hostNames()).containsExactlyInAnyOrder("h8", "h9"));
        }
    }
}
