package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code --ntasks-per-gpu} above 1 on a block topology is refused naming the option (no block case measured it,
 * {@link NtasksPerGpuRefusal}); on a tree every measured shape is placed ({@link NtasksPerGpuMinCpusTest}).
 */
class NtasksPerGpuRefusalTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource({"24.11", "26.05"})
    void blocksRefuseTheOption(String release) throws Exception {
        SlurmVersion v = SlurmVersion.parse(release).orElseThrow();
        Suggestion s = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(ClusterState.empty(OracleCase.cluster("blockfz01")),
                        SbatchOptions.parseLine("-N2 --gpus=4 --ntasks-per-gpu=2", "n"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Impossible.class,
                i -> assertThat(i.reason()).contains("block topology"));
    }
}
