package org.topoplanner.model.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --ntasks-per-gpu}: read, written back, and turned into the tasks and GPUs slurmctld's
 * {@code gres_job_state_validate} sets (22.05 {@code common/gres.c}, 24.11 and 26.05 {@code interfaces/gres.c});
 * own cases sb7a, gp8a, g9b and c11b1, on one node and on several.
 */
class NtasksPerGpuOptionTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        // line; tasks; GPUs per job (- = per node as asked); CPUs per GPU (- = none: only --cpus-per-gpu sets it)
        "-N1 --gpus=2 --ntasks-per-gpu=2;            4; 2; -",
        "-N1 --gpus=4 --ntasks-per-gpu=1;            4; 4; -",
        "-N1 -w q1 --gpus=2 --ntasks-per-gpu=2 -c2; 4; 2; -",
        "-N1 --gpus-per-node=3 --ntasks-per-gpu=2;   6; -; -",
        "-N1 -n4 --ntasks-per-gpu=2;                 4; 2; -",
        "-N1 --ntasks-per-gpu=3;                     3; 1; -",
        "-N1 --gpus=2 -n7 --ntasks-per-gpu=1;        2; 2; -",
        "-N1 --gpus=2 --ntasks-per-gpu=2 --cpus-per-gpu=5; 4; 2; 5",
        // several nodes (own probes g9b n1 n2 n5, c11b1 c5): the same counts; sbatch's -N stays the node count
        "-N2 --gpus=4 --ntasks-per-gpu=1;            4; 4; -",
        "-N2 --gpus-per-node=2 --ntasks-per-gpu=2;   8; -; -",
        "-N2 -n4 --ntasks-per-gpu=1;                 4; 4; -",
        "-N2 -n6 --ntasks-per-gpu=3;                 6; 2; -",
        "--gpus=5 --ntasks-per-gpu=1;                5; 5; -",
    })
    void slurmctldSetsTheTasksAndGpus(String line, int tasks, String gpus, String cpusPerGpu) throws JobRequestException {
        JobRequest r = SbatchOptions.parseLine(line, "j");
        assertThat(SbatchOptions.parse(r.toSbatchArgs())).isEqualTo(r);
        assertThat(r.toSbatchArgs()).contains("--ntasks-per-gpu=" + r.ntasksPerGpu());
        JobRequest set = r.withTasksOfNtasksPerGpu();
        assertThat(set.ntasks()).isEqualTo(tasks);
        assertThat(set.gpus()).isEqualTo(gpus.equals("-") ? null : Integer.valueOf(gpus));
        assertThat(set.cpusPerGpu()).isEqualTo(cpusPerGpu.equals("-") ? null : Integer.valueOf(cpusPerGpu));
        assertThat(set.withTasksOfNtasksPerGpu()).as("once set, the same").isEqualTo(set);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "--ntasks-per-gpu=2;                          needs GPUs, -n or -N",
        "-N1 -n2 --gpus-per-task=1 --ntasks-per-gpu=1; mutually exclusive",
        "-N1 --gpus=2 --ntasks-per-gpu=0;             --ntasks-per-gpu",
    })
    void refusesWhatSbatchOrSlurmctldRefuses(String line, String problem) {
        assertThatThrownBy(() -> SbatchOptions.parseLine(line, "j"))
                .isInstanceOfSatisfying(JobRequestException.class, e -> assertThat(e.problems())
                        .as(Arrays.toString(e.problems().toArray())).anyMatch(p -> p.contains(problem)));
    }
}
