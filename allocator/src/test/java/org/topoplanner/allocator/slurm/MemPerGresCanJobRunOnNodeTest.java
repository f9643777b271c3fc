package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * cons_tres {@code _can_job_run_on_node} ({@code job_test.c}) hands {@code gres_select_filter_cons_res} the node's
 * free memory only under {@code CR_MEMORY}; a node gives at most {@code free / mem_per_gres} GPUs. Own cases on
 * nodes g1 (16,000 MB) and g2 (64,000 MB), 4 GPUs each, real 22.05.8, 24.11.5 and 26.05.5 alike: memgpu2
 * ({@code CR_Core_Memory}) m0 {@code --mem-per-gpu=20000} runs on g2, m1 {@code -w g1} and m2 four GPUs of 20,000
 * MB are REJECTED; memgpu1 ({@code CR_Core}) places all three on g1.
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

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void withoutConsumableMemoryTheFigureIsNeverRead(String version) throws JobRequestException {
        assertThat(host(place("memgpu1", "-N1 --gpus-per-node=1 --mem-per-gpu=20000", version))).isEqualTo("g1");
        assertThat(host(place("memgpu1", "-N1 --gpus-per-node=4 --mem-per-gpu=20000", version))).isEqualTo("g1");
    }
}
