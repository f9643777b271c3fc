package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.host;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.start;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.started;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequestException;

/**
 * A per-CPU memory figure of a job with fewer threads a core than the node has ({@code --hint=nomultithread},
 * {@code --threads-per-core=1}) under {@code CR_Core_Memory}: dist_tasks' {@code _set_task_dist} multiplies its
 * CPUs by the node's threads "for accounting", and {@code _job_test}'s {@code memory_allocated} loop takes them
 * back through {@code job_resources_get_node_cpu_cnt} (CPUs over the node's threads, times the job's), so the job
 * holds the figure for one CPU a core, not for every thread shown; {@code _can_job_run_on_node} bounds its CPUs
 * the same way. The same code in 22.05, 24.11 and 26.05. Own case mem3c (two-thread nodes a1-a3): real 26.05.5
 * put c7 ({@code -N1 -n3 --hint=nomultithread --mem-per-cpu=2000}) on a1 with 11,000 MB and three cores free.
 */
class ThreadsPerCoreMemoryTest {

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void holdsTheFigureForOneCpuACore(String version) throws JobRequestException {
        ClusterState s = start(empty("mem3c"), "-w a1 -n3 --hint=nomultithread --mem-per-cpu=2000", "c7", version);
        assertThat(s.heldMemory("c7").perHostMiB()).isEqualTo(Map.of("a1", 6000L));
        // DefMemPerCPU=1000 of mem3c, --threads-per-core=1 the same way: four cores, 4,000 MB
        s = start(s, "-w a2 -n4 --threads-per-core=1", "t1", version);
        assertThat(s.heldMemory("t1").perHostMiB()).isEqualTo(Map.of("a2", 4000L));
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void threeCoresFitElevenThousandFreeAtTwoThousandACore(String version) throws JobRequestException {
        // a1 (24,000 MB, eight cores of two threads) left with three cores and 11,000 MB free, as in 26.05.5's run
        ClusterState s = started(empty("mem3c"), version,
                "x0 -w a1 -n2 -c3 --mem-per-cpu=1000",
                "x1 -w a1 -n1 -c2 --mem-per-cpu=2500",
                "x2 -w a1 -n1 --mem=2000");
        Suggestion c7 = place(s, "-N1 -w a1 -n3 --hint=nomultithread --mem-per-cpu=2000", version);
        assertThat(c7).isInstanceOf(Suggestion.Placed.class);
        assertThat(host(c7)).isEqualTo("a1");
        assertThat(((Suggestion.Placed) c7).placement().hosts().get(0).cpus().size()).isEqualTo(6);
        // 6,000 MB a core is too much for 11,000 MB at three cores: the job waits for memory
        assertThat(place(s, "-N1 -w a1 -n3 --hint=nomultithread --mem-per-cpu=4000", version))
                .isInstanceOf(Suggestion.Pending.class);
    }
}
