package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.started;

import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequestException;

/**
 * 22.05 cons_tres {@code can_job_run_on_node}, per-CPU memory branch: {@code cpus -= cpus % cpus_per_task} on a node
 * whose memory does not lower its count lowers only the count and keeps every free core for the layout (24.11 and
 * 26.05 offer whole tasks for a job without GRES anyway). Own case mem2e p5 ({@code -n5 -c3}, {@code
 * CR_Core_Memory}, {@code DefMemPerCPU=8000}) after the b-jobs: s1's 8 free CPUs count as 6, so a2 gives the other
 * 9 on five two-thread cores, CPUs 0-9, in 22.05.8, 24.11.5 and 26.05.5; b4 ({@code -w q1 -n2 -c8}) keeps cores
 * past the lowest 16 ({@link PerCpuMemoryWholeTasksTest} for a count the memory lowers).
 */
class PerCpuMemoryWholeTasksCountTest {

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void aNodeTheMemoryDoesNotLowerStillCountsWholeTasks(String version) throws JobRequestException {
        ClusterState state = started(empty("mem2e"), version, "b0 -w h2 -n1 -c5 --gpus-per-node=2",
                "b2 -w q1 -n1 -c3", "b3 -w u1,a3 -N2 -n2 -c3", "b4 -w q1 -n2 -c8", "b5 -w q1 -n1 -c3",
                "b6 -w h3 -n1 -c6", "b7 -w u2 -n1 -c6 --gpus-per-node=2", "b8 -w h1 -n1 -c1 --gpus-per-node=1",
                "b9 -w u1 -n1 -c6 --gpus-per-node=2");
        Suggestion s = place(state, "-n5 -c3", version);
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        Map<String, Integer> cpus = ((Suggestion.Placed) s).placement().hosts().stream()
                .collect(Collectors.toMap(HostAllocation::host, a -> a.cpus().size()));
        assertThat(cpus).isEqualTo(Map.of("a2", 10, "s1", 6));
    }
}
