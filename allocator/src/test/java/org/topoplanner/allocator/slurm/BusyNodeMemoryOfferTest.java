package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.job;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.started;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A busy node's per-CPU memory test starts from {@code _allocate_sc}'s count, per release
 * ({@link FreeMemory#shortOfFreeMemory(ClusterState, JobRequest, SlurmVersion)}). mem2c ({@code CR_Core_Memory}):
 * x ({@code -w c1 -n6 --mem=16000}) holds three of c1's eight two-thread cores and 16,000 of its 24,000 MB. For
 * {@code -n4 -c3 --mem-per-cpu=2500} c1's 8,000 MB pay 3 CPUs: 22.05 steps its 10 free CPUs down by a core to 2, no
 * task, so c1 is short and the job runs on g1 and g2; 24.11/26.05 start from whole tasks, 9, and step to 3, one task,
 * so c1 stays in, the tree takes it first (weight 1), and the task's two cores cost 10,000 MB: the memory loop fails
 * the job, it waits (Resources).
 */
class BusyNodeMemoryOfferTest {
    private static final String JOB = "-n4 -c3 --mem-per-cpu=2500";

    private static ClusterState busy(String version) throws JobRequestException {
        return started(empty("mem2c"), version, "x -w c1 -n6 --mem=16000");
    }

    @Test
    void release2205LeavesTheBusyNodeOutAndRunsElsewhere() throws JobRequestException {
        Suggestion s = place(busy("22.05"), JOB, "22.05");
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        assertThat(((Suggestion.Placed) s).placement().hosts()).extracting(HostAllocation::host)
                .doesNotContain("c1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"24.11", "26.05"})
    void laterReleasesKeepTheBusyNodeAndTheJobWaits(String version) throws JobRequestException {
        Suggestion s = place(busy(version), JOB, version);
        assertThat(s).isInstanceOf(Suggestion.Pending.class);
        assertThat(((Suggestion.Pending) s).reason()).isEqualTo(PendingReason.RESOURCES);
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void theShortNodeDependsOnTheRelease(String label) throws JobRequestException {
        SlurmVersion version = SlurmVersion.parse(label).orElseThrow();
        assertThat(FreeMemory.shortOfFreeMemory(busy(label), job(JOB, "j"), version))
                .isEqualTo(version == SlurmVersion.V22_05 ? java.util.Set.of("c1") : java.util.Set.of());
    }
}
