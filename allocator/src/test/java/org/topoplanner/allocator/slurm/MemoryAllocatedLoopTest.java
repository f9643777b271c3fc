package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.job;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.Placement;

/**
 * {@code _job_test}'s {@code memory_allocated} loop fails a job whose per-CPU figure times the whole cores its tasks
 * got on a node passes that node's free memory, though the selection's cap let the node in (own probe c12f1, real
 * 24.11.5 and 26.05.5; property seed -3380). mem2c ({@code CR_Core_Memory}): c1 is 1 x 8 cores of two threads with
 * 24,000 MB. {@code -n4 -c3} offers 15 of c1's 16 CPUs (whole tasks), the cap at 2,500 MB a CPU steps that down by a
 * core's two threads to 9, three tasks; they take five cores, 10 CPUs, 25,000 MB: the job waits (Resources) on the
 * idle cluster. At 2,400 MB the same layout costs 24,000 MB and the job runs on c1 CPUs 0-9 and g1 CPUs 0-2.
 */
class MemoryAllocatedLoopTest {

    @ParameterizedTest
    @ValueSource(strings = {"24.11", "26.05"})
    void threeTasksOnFiveCoresPastTheNodesMemoryWait(String version) throws JobRequestException {
        Suggestion s = place(empty("mem2c"), "-n4 -c3 --mem-per-cpu=2500", version);
        assertThat(s).isInstanceOf(Suggestion.Pending.class);
        assertThat(((Suggestion.Pending) s).reason()).isEqualTo(PendingReason.RESOURCES);
    }

    @ParameterizedTest
    @ValueSource(strings = {"24.11", "26.05"})
    void theSameLayoutThatFitsRuns(String version) throws JobRequestException {
        Suggestion s = place(empty("mem2c"), "-n4 -c3 --mem-per-cpu=2400", version);
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        assertThat(((Suggestion.Placed) s).placement().hosts()).extracting(HostAllocation::host, HostAllocation::cpus)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("c1", CpuSet.range(0, 9)),
                        org.assertj.core.groups.Tuple.tuple("g1", CpuSet.range(0, 2)));
    }

    @ParameterizedTest
    @ValueSource(longs = {2500L, 2400L})
    void theLoopChargesTheWholeCoresShown(long perCpu) throws JobRequestException {
        ClusterState s = empty("mem2c");
        Placement p = new Placement("j", List.of(HostAllocation.of("c1", List.of(), CpuSet.range(0, 9)),
                HostAllocation.of("g1", List.of(), CpuSet.range(0, 2))));
        String shortNode = FreeMemory.overallocatedNode(s, job("-n4 -c3 --mem-per-cpu=" + perCpu, "j"), p);
        assertThat(shortNode).isEqualTo(perCpu == 2500L ? "c1" : null);
    }
}
