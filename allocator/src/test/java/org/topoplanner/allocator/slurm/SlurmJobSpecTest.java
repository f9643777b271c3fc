package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;

/** The adapter from the model's {@code JobRequest} to what slurmctld records for a batch job. */
class SlurmJobSpecTest {

    private static SlurmJobSpec spec(String line) throws JobRequestException {
        return SlurmJobSpec.of(SbatchOptions.parseLine(line, "j"));
    }

    @ParameterizedTest
    @CsvSource({
        "1@0:05,   1, 5",
        "2@1:00,   2, 60",
        "2@5,      2, 300",
        "1@1:00:00, 1, 3600",
    })
    void switchesTimeIsSlurmTimeWhereOneNumberMeansMinutes(String value, int count, long seconds)
            throws JobRequestException {
        SlurmJobSpec j = spec("-N2 --switches=" + value);
        assertThat(j.switches()).isEqualTo(count);
        assertThat(j.switchWait()).isEqualTo(Duration.ofSeconds(seconds));
    }

    /** Own case gpuzero: slurmctld runs zero-GPU requests as CPU-only jobs (22.05, 24.11 and 26.05). */
    @ParameterizedTest
    @CsvSource({"--gpus-per-node=0", "--gpus=0", "--gres=gpu:0", "-n2 --gpus-per-task=0", "--gpus-per-node=h100:0"})
    void zeroGpusAreNoGpuRequest(String option) throws JobRequestException {
        SlurmJobSpec j = spec("-N1 " + option);
        assertThat(j.hasGpus()).isFalse();
        assertThat(j.gpuType()).isNull();
    }

    /**
     * {@code _figure_out_num_tasks} (24.11/26.05 {@code job_mgr.c}) and sbatch's {@code _opt_verify} (22.05): without
     * {@code -n}, a fixed node count times {@code --ntasks-per-node} is the job's task count, and with
     * {@code --gpus-per-task} its GPU total ({@code gres_per_job = num_tasks x gres_per_task}). Own cases fuzz37 p22
     * and fuzz39 p24 (all three versions) place by that total.
     */
    @ParameterizedTest
    @CsvSource(nullValues = "-", value = {
        // options                                     | tasks | GPU total
        "-N2 --ntasks-per-node=3 -c3 --gpus-per-task=1,   6,     6",
        "-N1 --ntasks-per-node=2 --gpus-per-task=2,       2,     4",
        "--ntasks-per-node=4 --gpus-per-task=1,           4,     4",
        "'-w a,b --ntasks-per-node=2 --gpus-per-task=1',  4,     4",
        "-N3 --ntasks-per-node=2,                         6,     -",
        "-N2 -n3 --ntasks-per-node=2 --gpus-per-task=1,   3,     3",
        "-N1-3 --ntasks-per-node=2 --gpus-per-task=1,     -,     -",
    })
    void figureOutNumTasksCountsTasksPerNodeOnAFixedNodeCount(String options, Integer tasks, Integer gpuTotal)
            throws JobRequestException {
        SlurmJobSpec j = spec(options);
        assertThat(j.ntasks()).isEqualTo(tasks);
        assertThat(j.gpuTotal()).isEqualTo(gpuTotal);
    }

    @Test
    void expandsNodelistsAndReadsGpuOptions() throws JobRequestException {
        SlurmJobSpec j = spec("-w node[01-03,07] -x gpu5 --gpus-per-node=h100:2 -c3 --exclusive=topo");
        assertThat(j.nodelist()).containsExactly("node01", "node02", "node03", "node07");
        assertThat(j.exclude()).containsExactly("gpu5");
        assertThat(j.gpuType()).isEqualTo("h100");
        assertThat(j.gpusPerNode()).isEqualTo(2);
        assertThat(j.cpusPerTask()).isEqualTo(3);
        assertThat(j.exclusive()).isFalse();
        assertThat(j.exclusiveTopo()).isTrue();
        assertThat(j.minNodes()).isEqualTo(4);
        assertThat(j.maxNodes()).isNull();
    }

    @ParameterizedTest
    @CsvSource(nullValues = "-", value = {
        // options          | min | max
        "-N4,                 4,    4",
        "-N 2-6,              2,    6",
        "--gpus=12,           1,    -",
        "-n2 --gpus-per-task=8, 1,  -",
    })
    void nodeCountsAreWhatSbatchRecords(String options, int min, Integer max) throws JobRequestException {
        SlurmJobSpec j = spec(options);
        assertThat(j.minNodes()).isEqualTo(min);
        assertThat(j.maxNodes()).isEqualTo(max);
        assertThat(j.cpusPerTask()).isEqualTo(1);
    }

    @Test
    void carriesEveryGpuAndBindingOption() throws JobRequestException {
        SlurmJobSpec j = spec("-N1 -n2 --ntasks-per-socket=1 --gpus=3 --gpus-per-task=1 --cpus-per-gpu=4 "
                + "--gres-flags=enforce-binding --exclusive --segment=2");
        assertThat(List.of(j.ntasks(), j.ntasksPerSocket(), j.gpusPerJob(), j.gpusPerTask(), j.cpusPerGpu(),
                j.segment())).containsExactly(2, 1, 3, 1, 4, 2);
        assertThat(j.enforceBinding()).isTrue();
        assertThat(j.exclusive()).isTrue();
    }

    @Test
    void theBuilderKeepsEveryFieldAndChangesOnlyWhatIsSet() throws JobRequestException {
        SlurmJobSpec j = spec("-w a[1-2] -x b1 -N2-3 -n4 --ntasks-per-node=2 --gpus-per-node=h100:2 "
                + "--cpus-per-gpu=3 --switches=1@0:05 --gres-flags=enforce-binding --exclusive --threads-per-core=1")
                .withMinCpusPerNode(7);
        assertThat(j.toBuilder().build()).isEqualTo(j);
        SlurmJobSpec cpusOnly = j.toBuilder().noGpus().build();
        assertThat(List.of(cpusOnly.gpusPerNode() == null, cpusOnly.gpuType() == null,
                cpusOnly.cpusPerGpu() == null)).containsOnly(true);
        assertThat(cpusOnly.withName(j.name()).toBuilder().gpus(2, null, null, "h100").cpusPerGpu(3).build())
                .isEqualTo(j);
        SlurmJobSpec bare = SlurmJobSpec.builder("b").build();
        assertThat(List.of(bare.minNodes(), bare.cpusPerTask(), bare.minCpusPerNode())).containsExactly(1, 1, 0);
        assertThat(bare.maxNodes()).isNull();
        assertThat(bare.nodelist()).isEmpty();
    }
}
