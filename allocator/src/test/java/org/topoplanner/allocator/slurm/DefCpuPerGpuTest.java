package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmPartition;

/**
 * {@link DefCpuPerGpu}: cons_tres's {@code _set_gpu_defaults} ({@code job_test.c}, 22.05, 24.11 and 26.05) reads the
 * partition's {@code DefCpuPerGPU}, else the cluster's, for a GPU job sent without {@code -c}
 * ({@code orig_cpus_per_task == NO_VAL16}); own probe c25u1's partition dcg has {@code DefCpuPerGPU=3}.
 */
class DefCpuPerGpuTest {
    private static final Cluster C25U1 = OracleCase.cluster("c25u1");

    @Test
    void aGpuJobWithoutCpusPerTaskTakesItsPartitionsDefault() {
        JobRequest d2 = JobRequest.builder().name("d2").partition("dcg").nodes(1).gpusPerNode(2).build();
        assertThat(DefCpuPerGpu.applied(C25U1, d2).cpusPerGpu()).isEqualTo(3);
        assertThat(DefCpuPerGpu.applies(C25U1, d2)).isTrue();
    }

    @Test
    void aJobWithItsOwnFigureIsNotMarkedAsDefaulted() {
        JobRequest own = JobRequest.builder().name("own").partition("dcg").nodes(1).gpusPerNode(2).cpusPerGpu(3)
                .build();
        assertThat(DefCpuPerGpu.applies(C25U1, own)).isFalse();
    }

    @Test
    void cpusPerTaskOrCpusPerGpuOrNtasksPerGpuLeaveTheJobAsSent() {
        JobRequest d3 = JobRequest.builder().name("d3").partition("dcg").gpus(1).cpusPerTask(1).build();
        JobRequest own = JobRequest.builder().name("x").partition("dcg").gpus(1).cpusPerGpu(5).build();
        JobRequest perGpu = JobRequest.builder().name("y").partition("dcg").gpus(1).ntasksPerGpu(2).build();
        assertThat(DefCpuPerGpu.applied(C25U1, d3)).isSameAs(d3);
        assertThat(DefCpuPerGpu.applied(C25U1, own)).isSameAs(own);
        assertThat(DefCpuPerGpu.applied(C25U1, perGpu)).isSameAs(perGpu);
    }

    @Test
    void noDefaultInTheJobsPartitionNoChangeAndNoGpusNoChange() {
        JobRequest inAll = JobRequest.builder().name("p").gpus(1).build();
        JobRequest cpusOnly = JobRequest.builder().name("q").partition("dcg").ntasks(2).build();
        assertThat(DefCpuPerGpu.applied(C25U1, inAll)).isSameAs(inAll);
        assertThat(DefCpuPerGpu.applied(C25U1, cpusOnly)).isSameAs(cpusOnly);
    }

    @Test
    void thePartitionsOwnValueComesBeforeTheClustersAndDefaultLinesCount() {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("DefCpuPerGPU", "2");
        keys.put(SlurmPartition.KEY_PREFIX + "DEFAULT", "DefCpuPerGPU=4");
        keys.put(SlurmPartition.KEY_PREFIX + "a", "Nodes=n1 Default=YES");
        keys.put(SlurmPartition.KEY_PREFIX + "b", "Nodes=n1 DefCpuPerGPU=6");
        assertThat(DefCpuPerGpu.of(keys, "b")).isEqualTo(6);
        assertThat(DefCpuPerGpu.of(keys, "a")).isEqualTo(4);
        assertThat(DefCpuPerGpu.of(keys, null)).isEqualTo(4);
        keys.remove(SlurmPartition.KEY_PREFIX + "DEFAULT");
        assertThat(DefCpuPerGpu.of(keys, "a")).isEqualTo(2);
        keys.remove("DefCpuPerGPU");
        assertThat(DefCpuPerGpu.of(keys, "a")).isNull();
    }
}
