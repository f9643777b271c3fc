package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The {@code MaxNodes} refusal counts the {@code min_cpus} slurmctld holds ({@code details->min_cpus}, the test-only
 * pick's {@code rem_cpus}), not sbatch's figure: a {@code --ntasks-per-gpu} job's GPU tasks raise it
 * ({@code validate_job_create_req}, every release). Own case c18d1: gpu is g1-g4 of 8 CPUs with {@code MaxNodes=2},
 * 16 CPUs at most for a job without {@code -N}.
 */
class PartitionMaxNodesCpuFigureTest {
    private static final Cluster C18D1 = OracleCase.cluster("c18d1");

    @ParameterizedTest
    @EnumSource(SlurmVersion.class)
    void eighteenGpuTasksArePastTwoNodesOfEightCpus(SlurmVersion version) throws Exception {
        // sbatch sends min_cpus 1 (no -n, no -N); the 2 GPUs x 9 tasks arrive as num_tasks 18 > 1: min_cpus 18 > 16
        var past = SbatchOptions.parseLine("-p gpu --gpus=2 --ntasks-per-gpu=9", "t18");
        assertThat(PartitionMaxNodes.refusal(C18D1, past, version))
                .isEqualTo("Requested node configuration is not available");
        var within = SbatchOptions.parseLine("-p gpu --gpus=4 --ntasks-per-gpu=4", "t16");
        assertThat(PartitionMaxNodes.refusal(C18D1, within, version)).isNull();
    }
}
