package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.host;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.withKey;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequestException;

/**
 * cons_tres {@code gres_select_filter_remove_unusable} ({@code gres_select_filter.c}, 22.05, 24.11 and 26.05 alike)
 * at sbatch's test, every node idle ({@code avail_mem} = {@code RealMemory}): a node gives at most {@code
 * RealMemory / mem_per_gres} GPUs, and an {@code --exclusive} job ({@code whole_node}) must get every GPU of the node
 * ({@code min_gres = total_cnt}). Own cases mem2f p7 ({@code -w f3 --exclusive --gpus-per-node=2},
 * {@code DefMemPerGPU=48000}, 4 GPUs and 128,000 MB: REJECTED) and mem2e p26 ({@code -N3 --gpus=8
 * --mem-per-gpu=160G}: REJECTED), real 22.05.8; here on mem2b (g1: 4 GPUs, 24,000 MB; g2: 4 GPUs, 48,000 MB).
 */
class GresSelectFilterMemoryTest {

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void anExclusiveJobNeedsMemoryForEveryGpuOfTheNode(String version) throws JobRequestException {
        ClusterState more = ClusterState.empty(withKey(empty("mem2b").cluster(), "DefMemPerGPU", "7000"));
        assertThat(host(place(more, "-w g1 -N1 --gpus-per-node=2", version))).isEqualTo("g1");
        assertThat(place(more, "-w g1 -N1 --exclusive --gpus-per-node=2", version))
                .isInstanceOf(Suggestion.Impossible.class);
        assertThat(host(place(empty("mem2b"), "-w g1 -N1 --exclusive --gpus-per-node=2", version)))
                .isEqualTo("g1");
    }

    /**
     * 22.05 and 24.11; 26.05 accepts a one-node {@code --gpus=N} job on its GPU sum without the test
     * ({@link SlurmTreePolicy#acceptedWithoutGpuTotal}, {@link #theOneNodeSumCountsTheGpusEachNodesMemoryServes}).
     */
    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11"})
    void theTestBoundsEachNodesGpusByItsMemory(String version) throws JobRequestException {
        // 24,000 / 13,000 = 1 GPU on g1, 48,000 / 13,000 = 3 on g2: four on one node never fit
        assertThat(place(empty("mem2b"), "-N1 --gpus=4 --mem-per-gpu=13000", version))
                .isInstanceOf(Suggestion.Impossible.class);
        assertThat(host(place(empty("mem2b"), "-N1 --gpus=3 --mem-per-gpu=13000", version))).isEqualTo("g2");
    }

    /**
     * 26.05's one-node sum ({@code _get_one_res}) adds each node's {@code sock_gres->total_cnt}, which the same filter
     * has cut to {@code RealMemory / mem_per_gres} ({@link OneNodeSumGpus}; own probe c27g2, 26.05.5): 1 + 3 GPUs
     * for 13,000 MB each, so {@code --gpus=5} is refused where the nodes' 4 + 4 GPUs would have summed past it, and
     * {@code --gpus=4} is accepted (where it then runs is {@code PerJobGpuPick}'s, c27g2 m13).
     */
    @Test
    void theOneNodeSumCountsTheGpusEachNodesMemoryServes() throws JobRequestException {
        assertThat(place(empty("mem2b"), "-N1 --gpus=5 --mem-per-gpu=13000", "26.05"))
                .isInstanceOf(Suggestion.Impossible.class);
        assertThat(place(empty("mem2b"), "-N1 --gpus=4 --mem-per-gpu=13000", "26.05"))
                .isNotInstanceOf(Suggestion.Impossible.class);
    }
}
