package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.start;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.HeldMemory;
import org.topoplanner.model.job.JobRequestException;

/**
 * What a started job holds: cons_tres {@code _job_test}'s {@code memory_allocated} loop ({@code job_test.c}: the
 * per-node figure, the per-CPU figure times {@code job_resources_get_node_cpu_cnt}, or the node's whole memory
 * for {@code pn_min_memory} 0) and {@code gres_select_util_job_mem_set} (the per-GPU figure times the GPUs there,
 * for a job that set no memory itself). The same in 22.05, 24.11 and 26.05; the values are those the own cases
 * imply (real runs of all three alike): mem2c (CR_Core_Memory, DefMemPerCPU=3000) c2 only fits g1 because c0 holds
 * 6,000 MB for its one core's two threads; mem2b (CR_CPU_Memory, DefMemPerGPU=6000) b8 {@code -w t2
 * --mem-per-cpu=500} runs because b1 ({@code -n3 --mem-per-cpu=2500}) holds 7,500 MB, not 10,000 for the four CPU
 * ids shown.
 */
class JobTestMemoryAllocatedTest {

    private static Map<String, Long> held(ClusterState s, String job) {
        return s.heldMemory(job).perHostMiB();
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void perNodePerCpuAndWholeNode(String version) throws JobRequestException {
        ClusterState s = start(empty("mem2a"), "-N1 -n1", "a0", version);
        assertThat(held(s, "a0")).isEqualTo(Map.of("c1", 16000L));
        s = start(s, "-N1 -n2 --mem=4000", "a1", version);
        assertThat(held(s, "a1")).isEqualTo(Map.of("c2", 4000L));
        s = start(s, "-N1 -n3 --mem-per-cpu=4000", "a4", version);
        assertThat(held(s, "a4")).isEqualTo(Map.of("c2", 12000L));
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void defMemPerCpuUnderCrCoreCountsEveryThreadOfTheCores(String version) throws JobRequestException {
        ClusterState s = start(empty("mem2c"), "-N1 -n1", "c0", version);
        assertThat(held(s, "c0")).isEqualTo(Map.of("c1", 6000L));
        // --mem-per-gpu clears the default: 12000 per GPU on the node, not 3000 per CPU
        s = start(s, "-N1 --gpus-per-node=2 --mem-per-gpu=12000", "c4", version);
        assertThat(held(s, "c4")).isEqualTo(Map.of("g1", 24000L));
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void crCpuChargesTheTasksCpusAndDefMemPerGpuOnlyWithoutMem(String version) throws JobRequestException {
        ClusterState s = start(empty("mem2b"), "-N1 -n1 --mem-per-cpu=1000", "b0", version);
        s = start(s, "-N1 -n3 --mem-per-cpu=2500", "b1", version);
        assertThat(held(s, "b1")).isEqualTo(Map.of("t2", 7500L));
        s = start(s, "-N1 -n1", "b2", version);
        s = start(s, "-N1 --gpus-per-node=1", "b3", version);
        assertThat(held(s, "b3")).isEqualTo(Map.of("g2", 6000L));
        s = start(s, "-N1 --gpus-per-node=1 --mem=30000", "b4", version);
        assertThat(held(s, "b4")).isEqualTo(Map.of("g2", 30000L));
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void nothingIsHeldWhereMemoryIsNotConsumable(String version) throws JobRequestException {
        ClusterState s = start(empty("memgpu1"), "-N1 --gpus-per-node=1 --mem-per-gpu=20000", "m", version);
        assertThat(s.heldMemory("m")).isEqualTo(HeldMemory.NONE);
    }
}
