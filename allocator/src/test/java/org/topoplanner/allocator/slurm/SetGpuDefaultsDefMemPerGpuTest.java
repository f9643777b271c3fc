package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.host;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.start;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.started;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.withKey;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.slurm.SlurmPartition;

/**
 * {@code DefMemPerGPU}: cons_tres {@code _set_gpu_defaults} ({@code job_test.c}) gives every GPU job the partition's
 * {@code DefMemPerGPU}, else the cluster's, as {@code def_mem_per_gres} (22.05 {@code cons_common}, 24.11 and 26.05
 * alike; 26.05 skips the cluster's on a partition with its own {@code DefMemPerCPU}, but then falls back to the same
 * cluster value through {@code def_mem_per_gpu}). The GPU filter then bounds a node's GPUs by it, and a job that set
 * no memory holds it per GPU. Own case mem2b (CR_CPU_Memory, {@code DefMemPerGPU=6000}; real 22.05.8, 24.11.5,
 * 26.05.5 alike): b5 {@code --gpus-per-node=2} fits g2's last 12,000 MB, b7 {@code --mem-per-gpu=1000} then waits.
 */
class SetGpuDefaultsDefMemPerGpuTest {

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void theClusterDefaultIsHeldPerGpuAndBoundsTheGpusOfANode(String version) throws JobRequestException {
        ClusterState s = started(empty("mem2b"), version,
                "b2 -w g1 -n1",
                "b3 -N1 --gpus-per-node=1",
                "b4 -N1 --gpus-per-node=1 --mem=30000");
        assertThat(host(place(s, "-N1 --gpus-per-node=2", version))).isEqualTo("g2");
        s = start(s, "-N1 --gpus-per-node=2", "b5", version);
        assertThat(s.heldMemory("b5").perHostMiB()).isEqualTo(Map.of("g2", 12000L));
        assertThat(place(s, "-N1 --gpus-per-node=1 --mem-per-gpu=1000", version))
                .isInstanceOf(Suggestion.Pending.class);
        // at submit: four GPUs at 7,000 MB do not fit g1's 24,000 MB
        Cluster more = withKey(empty("mem2b").cluster(), "DefMemPerGPU", "7000");
        assertThat(place(ClusterState.empty(more), "-w g1 --gpus-per-node=4", version))
                .isInstanceOf(Suggestion.Impossible.class);
        assertThat(host(place(ClusterState.empty(more), "-N1 --gpus-per-node=4", version))).isEqualTo("g2");
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void thePartitionsOwnDefaultComesFirst(String version) throws JobRequestException {
        Cluster part = withKey(empty("mem2b").cluster(), SlurmPartition.KEY_PREFIX + "p",
                "Nodes=ALL Default=YES DefMemPerGPU=1000");
        ClusterState s = start(ClusterState.empty(part), "-N1 --gpus-per-node=2", "g", version);
        assertThat(s.heldMemory("g").perHostMiB()).isEqualTo(Map.of("g1", 2000L));
    }
}
