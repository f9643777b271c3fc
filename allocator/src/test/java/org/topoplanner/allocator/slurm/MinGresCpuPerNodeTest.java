package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Slurm's {@code min_gres_cpu} ({@code gres_select_util_job_min_cpu_node}, the same in 22.05, 24.11 and 26.05): the
 * CPUs one node must give a {@code --cpus-per-gpu} job, the floor of {@code _cpus_to_use}. A {@code --gpus=N} job
 * counts one GPU per node. Without that floor 22.05 cut the later nodes of {@code -N3 --cpus-per-gpu=8 --gpus=5}
 * below one GPU's CPUs: own case fuzz23 probe p21, where 22.05.8 gives h1 24 CPUs and 3 GPUs and each other node 8
 * CPUs and one GPU (the replay gave one node 2 CPUs and 2 GPUs and another 6 CPUs and no GPU).
 */
class MinGresCpuPerNodeTest {

    @ParameterizedTest(name = "{0}: {1} CPUs")
    @CsvSource(delimiter = ';', value = {
        "-N3 --cpus-per-gpu=8 --gpus=5;                  8",
        "-N2 --cpus-per-gpu=4 --gpus-per-node=3;         12",
        // --gpus-per-task counts the user's --ntasks-per-node, which sbatch leaves unset here
        "-n4 --cpus-per-gpu=2 --gpus-per-task=1;         0",
        "-N2 --ntasks-per-node=2 --cpus-per-gpu=2 --gpus-per-task=3; 12",
        "-N3 --gpus=5;                                   0",
    })
    void isTheCpusOfOneNodesGpus(String args, int cpus) throws Exception {
        assertThat(CpusToUse.minGresCpus(SlurmJobSpec.of(SbatchOptions.parseLine(args, "j")))).isEqualTo(cpus);
    }

    @Test
    void aGpusPerJobNodeKeepsTheCpusOfOneGpuUnder2205() throws Exception {
        SlurmTreePolicy v22 = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05));
        Suggestion s = v22.suggest(ClusterState.empty(OracleCase.cluster("fuzz23")),
                SbatchOptions.parseLine("-N3 --cpus-per-gpu=8 --gpus=5", "j"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
            assertThat(p.placement().hosts()).hasSize(3);
            assertThat(p.placement().hosts()).allSatisfy(h -> {
                assertThat(h.gpus()).isNotEmpty();
                assertThat(h.cpus().size()).as("CPUs of %s", h.host()).isEqualTo(8 * h.gpus().size());
            });
            assertThat(p.placement().hosts().stream().mapToInt(h -> h.gpus().size()).sum()).isEqualTo(5);
        });
    }
}
