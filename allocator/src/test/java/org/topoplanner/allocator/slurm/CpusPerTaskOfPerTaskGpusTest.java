package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code gres_job_state_validate} (22.05 {@code common/gres.c}, 24.11 and 26.05 {@code interfaces/gres.c}):
 * "Ensure that cpus_per_gres * gres_per_task == cpus_per_task". Without {@code -c} (sbatch leaves
 * {@code cpus_per_task} unset) a task's CPUs are {@code --cpus-per-gpu} times {@code --gpus-per-task}, and the
 * topology step counts a node's tasks in tasks of that size: own case fuzz44 p10 ({@code -N3 -n6
 * --gpus-per-task=1 --cpus-per-gpu=4} enforce-binding) runs 4 + 1 + 1 tasks (and GPUs) on m2, m3, m4 in 22.05.8,
 * 24.11.5 and 26.05.5, where the replay, counting one CPU per task, gave 2 + 2 + 2 (24.11, 26.05) or every free GPU
 * of each node (22.05).
 */
class CpusPerTaskOfPerTaskGpusTest {

    @ParameterizedTest(name = "{0}: -c {1}")
    @CsvSource(delimiter = ';', value = {
        "-N3 -n6 --gpus-per-task=1 --cpus-per-gpu=4;  4",
        "-n2 --gpus-per-task=2 --cpus-per-gpu=3;      6",
        // a job total or a per-node count leaves -c at its default
        "-n2 --gpus=4 --cpus-per-gpu=4;               1",
        "-N2 --gpus-per-node=2 --cpus-per-gpu=4;      1",
        "-n2 --gpus-per-task=1;                       1",
    })
    void cpusPerGpuTimesGpusPerTaskIsTheTaskSize(String args, int cpusPerTask) throws Exception {
        assertThat(SlurmJobSpec.of(SbatchOptions.parseLine(args, "j")).cpusPerTask()).isEqualTo(cpusPerTask);
    }

    @ParameterizedTest(name = "Slurm {0}")
    @CsvSource({"22.05", "24.11", "26.05"})
    void theFirstNodeTakesTheTasksItsGpusHoldAndTheOthersOneEach(String version) throws Exception {
        SlurmTreePolicy slurm = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(
                SlurmVersion.parse(version).orElseThrow()));
        Suggestion s = slurm.suggest(ClusterState.empty(OracleCase.cluster("fuzz44")), SbatchOptions.parseLine(
                "-N3 -n6 --gpus-per-task=1 --cpus-per-gpu=4 --gres-flags=enforce-binding", "j"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
            List<Integer> gpus = p.placement().hosts().stream().map(h -> h.gpus().size()).toList();
            // the 4-GPU m nodes: the first node's budget is 6 tasks less one kept for each later node
            // (eval_nodes_gres), the later nodes get what is left
            assertThat(gpus).as("GPUs per node").containsExactlyInAnyOrder(4, 1, 1);
        });
    }
}
