package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.HeldMemory;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * cons_tres {@code _can_job_run_on_node} ({@code job_test.c}) hands {@code gres_select_filter_cons_res} the node's
 * free memory only under {@code CR_MEMORY}; a node gives at most {@code free / mem_per_gres} GPUs. Own cases on
 * nodes g1 (16,000 MB) and g2 (64,000 MB), 4 GPUs each, real 22.05.8, 24.11.5 and 26.05.5 alike: memgpu2
 * ({@code CR_Core_Memory}) m0 {@code --mem-per-gpu=20000} runs on g2, m1 {@code -w g1} and m2 four GPUs of 20,000
 * MB are REJECTED; memgpu1 ({@code CR_Core}) places all three on g1. At run time
 * ({@code gres_select_util_job_mem_set} charges a job {@code mem_per_gres} per GPU on each node): with m3
 * ({@code --mem-per-gpu=12000}) on g1, m4 ({@code 8000}) runs on g2 though g1 has 3 GPUs free, m5
 * ({@code --gpus=1 --mem-per-gpu=4000}) fills g1's memory, and m6 ({@code -N2}, 10,000 MB) waits Resources.
 */
class MemPerGresCanJobRunOnNodeTest {

    private static Suggestion place(String caseName, String options, String version) throws JobRequestException {
        SlurmTreePolicy policy = new SlurmTreePolicy(
                PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(version).orElseThrow()));
        return policy.suggest(ClusterState.empty(OracleCase.cluster(caseName)), SbatchOptions.parseLine(options, "j"));
    }

    private static String host(Suggestion s) {
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        return ((Suggestion.Placed) s).placement().hosts().get(0).host();
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void consumableMemoryLeavesOutNodesThatCannotHoldTheGpusMemory(String version) throws JobRequestException {
        assertThat(host(place("memgpu2", "-N1 --gpus-per-node=1 --mem-per-gpu=20000", version))).isEqualTo("g2");
        assertThat(place("memgpu2", "-w g1 --gpus-per-node=2 --mem-per-gpu=20000", version))
                .isInstanceOfSatisfying(Suggestion.Impossible.class,
                        i -> assertThat(i.reason()).contains("--mem-per-gpu"));
        assertThat(place("memgpu2", "-N1 --gpus-per-node=4 --mem-per-gpu=20000", version))
                .isInstanceOf(Suggestion.Impossible.class);
        assertThat(host(place("memgpu2", "-N1 --gpus-per-node=1 --mem-per-gpu=12000", version))).isEqualTo("g1");
    }

    private static ClusterState running(String caseName, String job, String host, int gpu, long memPerGpu) {
        return ClusterState.empty(OracleCase.cluster(caseName)).with(new Placement(job, List.of(new HostAllocation(
                host, List.of(gpu), CpuSet.of(gpu), java.util.Map.of()))), ClusterState.Hold.LISTED,
                new HeldMemory(java.util.Map.of(host, memPerGpu)));
    }

    private static Suggestion placeOn(ClusterState state, String options, String version)
            throws JobRequestException {
        SlurmTreePolicy policy = new SlurmTreePolicy(
                PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(version).orElseThrow()));
        return policy.suggest(state, SbatchOptions.parseLine(options, "j"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void runningJobsMemoryPerGpuFillsANodeBeforeItsGpus(String version) throws JobRequestException {
        ClusterState m3 = running("memgpu2", "m3", "g1", 0, 12000);
        assertThat(host(placeOn(m3, "-N1 --gpus-per-node=1 --mem-per-gpu=8000", version))).isEqualTo("g2");
        assertThat(host(placeOn(m3, "-N1 --gpus=1 --mem-per-gpu=4000", version))).isEqualTo("g1");
        ClusterState full = m3.with(new Placement("m5", List.of(new HostAllocation("g1", List.of(1), CpuSet.of(1),
                java.util.Map.of()))), ClusterState.Hold.LISTED, new HeldMemory(java.util.Map.of("g1", 4000L)));
        assertThat(placeOn(full, "-N2 --gpus-per-node=1 --mem-per-gpu=10000", version))
                .isInstanceOfSatisfying(Suggestion.Pending.class,
                        p -> assertThat(p.reason()).isEqualTo(PendingReason.RESOURCES));
        assertThat(placeOn(full, "-w g1 --gpus-per-node=1 --mem-per-gpu=1000", version))
                .isInstanceOf(Suggestion.Pending.class);
        // without consumable memory the same running jobs hold none
        ClusterState core = running("memgpu1", "m3", "g1", 0, 12000);
        assertThat(host(placeOn(core, "-N1 --gpus-per-node=1 --mem-per-gpu=8000", version))).isEqualTo("g1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void withoutConsumableMemoryTheFigureIsNeverRead(String version) throws JobRequestException {
        assertThat(host(place("memgpu1", "-N1 --gpus-per-node=1 --mem-per-gpu=20000", version))).isEqualTo("g1");
        assertThat(host(place("memgpu1", "-N1 --gpus-per-node=4 --mem-per-gpu=20000", version))).isEqualTo("g1");
    }
}
