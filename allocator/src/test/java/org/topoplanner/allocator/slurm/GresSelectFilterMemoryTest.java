package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.host;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.withKey;

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
     * ({@link SlurmTreePolicy#acceptedWithoutGpuTotal}), which own probe c26e1 checked against a per-CPU figure
     * ({@link OneNodeSumGpus}) but no probe yet against {@code --mem-per-gpu}.
     */
    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11"})
    void theTestBoundsEachNodesGpusByItsMemory(String version) throws JobRequestException {
        // 24,000 / 13,000 = 1 GPU on g1, 48,000 / 13,000 = 3 on g2: four on one node never fit
        assertThat(place(empty("mem2b"), "-N1 --gpus=4 --mem-per-gpu=13000", version))
                .isInstanceOf(Suggestion.Impossible.class);
        assertThat(host(place(empty("mem2b"), "-N1 --gpus=3 --mem-per-gpu=13000", version))).isEqualTo("g2");
    }
}
