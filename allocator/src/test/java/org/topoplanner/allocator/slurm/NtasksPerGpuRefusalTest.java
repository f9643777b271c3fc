package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.model.job.SbatchOptions;

/**
 * The {@code --ntasks-per-gpu} shapes 22.05 and 24.11 are not understood for are refused by those releases naming
 * the option and the probes ({@link NtasksPerGpuRefusal}); 26.05 places them as real 26.05.5 did (own probes gp8a
 * a5, g9b n7, c11b1 c16), and the shapes beside them that match every release are placed everywhere.
 */
class NtasksPerGpuRefusalTest {
    private final ClusterState idle = ClusterState.empty(OracleCase.cluster("g9b"));

    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource(delimiter = ';', value = {
        // line; release; refused
        "-N2 --gpus=6 --ntasks-per-gpu=1 -c3; 22.05; true",
        "-N2 --gpus=6 --ntasks-per-gpu=1 -c3; 24.11; true",
        "-N2 --gpus=6 --ntasks-per-gpu=1 -c3; 26.05; false",
        "-N1 -w q1 --gpus=3 --ntasks-per-gpu=1 -c3; 24.11; true",
        "-N2 --gpus-per-node=1 --ntasks-per-gpu=2 -c2; 22.05; true",
        "-N2 --gpus-per-node=1 --ntasks-per-gpu=2 -c2; 26.05; false",
        "-N2 --gpus=4 --ntasks-per-gpu=2 -c2; 22.05; false",
        "-N2 --gpus=4 --ntasks-per-gpu=2 -c2; 24.11; false",
        "-N2 --gpus-per-node=2 --ntasks-per-gpu=2; 24.11; false",
    })
    void refusesOnlyTheShapesNotUnderstood(String line, String release, boolean refused) throws Exception {
        SlurmVersion v = SlurmVersion.parse(release).orElseThrow();
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(idle, SbatchOptions.parseLine(line, "n"));
        if (refused) {
            assertThat(s).isInstanceOfSatisfying(Suggestion.Impossible.class, i -> assertThat(i.reason())
                    .startsWith("--ntasks-per-gpu").contains("is not emulated").contains(v.label()));
        } else {
            assertThat(s).isInstanceOf(Suggestion.Placed.class);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"24.11", "26.05"})
    void blocksRefuseTheOption(String release) throws Exception {
        SlurmVersion v = SlurmVersion.parse(release).orElseThrow();
        Suggestion s = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(ClusterState.empty(OracleCase.cluster("blockfz01")),
                        SbatchOptions.parseLine("-N2 --gpus=4 --ntasks-per-gpu=1", "n"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Impossible.class,
                i -> assertThat(i.reason()).contains("block topology"));
    }
}
