package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.start;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.withKey;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequestException;

/**
 * slurmctld {@code _valid_pn_min_mem} ({@code job_mgr.c}, through {@code job_limits_check}; 22.05, 24.11 and 26.05
 * alike): a {@code --mem-per-cpu} above {@code MaxMemPerCPU} is spread over {@code ceil(mem / max)} times the CPUs
 * per task, and a {@code --mem} above the partition's {@code MaxMemPerNode} holds the job with {@code
 * MaxMemPerLimit} (22.05's submit line says {@code PartitionConfig}, its later passes {@code MaxMemPerLimit}); a
 * {@code --mem} above {@code MaxMemPerCPU} raises the CPUs
 * of a one-task job to {@code ceil(mem / max)}. Own case mem2g (real 22.05.8, 24.11.5, 26.05.5): {@code
 * MaxMemPerCPU=2000}; partition small {@code MaxMemPerNode=8000}; g3 {@code -n1 --mem=5000} gets 3 CPUs.
 */
class ValidPnMinMemTest {

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void aPerCpuFigureAboveTheLimitTakesMoreCpusPerTask(String version) throws JobRequestException {
        ClusterState s = start(empty("mem2g"), "-N1 -n1 --mem-per-cpu=5000", "g0", version);
        assertThat(s.placement("g0").orElseThrow().hosts().get(0).cpus().size()).isEqualTo(3);
        // ceil(5000 / 3) = 1667 MB for each of the three CPUs
        assertThat(s.heldMemory("g0").perHostMiB()).isEqualTo(Map.of("c1", 5001L));
        // without the limit the job keeps one CPU
        ClusterState free = ClusterState.empty(withKey(empty("mem2g").cluster(), "MaxMemPerCPU", null));
        assertThat(((Suggestion.Placed) place(free, "-N1 -n1 --mem-per-cpu=5000", version)).placement().hosts()
                .get(0).cpus().size()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void aPerNodeFigureAboveThePartitionsLimitWaits(String version) throws JobRequestException {
        assertThat(place(empty("mem2g"), "-p small -N1 -n1 --mem=9000", version))
                .isInstanceOfSatisfying(Suggestion.Pending.class,
                        p -> assertThat(p.reason()).isEqualTo(PendingReason.MAX_MEM_PER_LIMIT));
        assertThat(place(empty("mem2g"), "-p small -N1 -n1 --mem=4000", version))
                .isInstanceOf(Suggestion.Placed.class);
        // --mem=0 is the partition's first node's memory, 16,000 MB
        assertThat(place(empty("mem2g"), "-p small -N1 -n1 --mem=0", version))
                .isInstanceOf(Suggestion.Pending.class);
        // the partition all has no MaxMemPerNode of its own: the cluster's MaxMemPerCPU is its limit, which gives
        // a one-task --mem=9000 job ceil(9000 / 2000) = 5 CPUs
        assertThat(((Suggestion.Placed) place(empty("mem2g"), "-N1 -n1 --mem=9000", version)).placement().hosts()
                .get(0).cpus().size()).isEqualTo(5);
    }
}
