package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
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
 * {@code eval_nodes_block}'s loop "Add additional resources for already required base block" (26.05.5, the same code
 * in 24.11.5) walks the nodes of every base block the lighter weight groups made required and adds them until the
 * job's nodes, CPUs and GPU total are met, without looking at {@code max_nodes}; only the lighter groups themselves and
 * the later base-block fill stop there. So a {@code -N3 --gpus=9} job whose lighter nodes hold few GPUs runs on four
 * nodes of the block. Own case yamlfz28 y38 ({@code -p blk -N3 --gpus=9 --gres-flags=enforce-binding}; in base block
 * b3, p4 (weight 1, three free GPUs) and l6 (weight 1, one free GPU, its cores 18-31 free) are the lighter groups,
 * l7, l8, l9 weight 5): real 26.05.5 runs it on l6 (GPU 3), l7 (all four), l8 (GPU 0) and p4 (GPUs 0-2)
 * (results/v26.05/yamlfz28.jsonl). The emulation kept this loop to the submit test and, on three nodes, found the
 * GPU total short and dropped l6 in its retry. Base blocks b1 and b2 are held here so that b3 is the block, as the
 * case's earlier jobs left it.
 */
class RequiredBaseBlockFillIgnoresMaxNodesTest {
    private static final Cluster YAMLFZ28 = OracleCase.clusterWithTopologyYaml("yamlfz28");

    private static ClusterState b1AndB2HeldAndL6PartlyUsed() {
        List<HostAllocation> hosts = new ArrayList<>();
        Map<String, int[]> whole = new TreeMap<>(Map.of("d1", new int[] {224, 8}, "l1", new int[] {32, 4},
                "l2", new int[] {32, 4}, "p1", new int[] {32, 3}, "l3", new int[] {32, 4}, "l4", new int[] {32, 4},
                "p2", new int[] {32, 3}, "d2", new int[] {224, 8}, "p3", new int[] {32, 3}, "l5", new int[] {32, 4}));
        whole.forEach((host, size) -> hosts.add(HostAllocation.of(host, range(size[1]),
                CpuSet.range(0, size[0] - 1))));
        hosts.add(HostAllocation.of("l6", List.of(0, 1, 2), CpuSet.range(0, 17)));
        return ClusterState.empty(YAMLFZ28).with(new Placement("earlier", hosts));
    }

    private static List<Integer> range(int n) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(i);
        }
        return out;
    }

    @Test
    void theRequiredBaseBlocksNodesAreAddedPastMinusNUntilTheGpuTotalIsMet() throws Exception {
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V26_05)).suggest(
                b1AndB2HeldAndL6PartlyUsed(),
                SbatchOptions.parseLine("-p blk -N3 --gpus=9 --gres-flags=enforce-binding", "y38"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
            assertThat(p.placement().hostNames()).containsExactlyInAnyOrder("l6", "l7", "l8", "p4");
            assertThat(p.placement().hosts()).filteredOn(h -> h.host().equals("l6"))
                    .singleElement().satisfies(h -> assertThat(h.gpus()).containsExactly(3));
        });
    }
}
