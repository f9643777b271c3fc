package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.job;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * sbatch's per-CPU memory test starts from the CPUs {@code _allocate_sc} offers, per release (own probe c12f1 b,
 * real 24.11.5 and 26.05.5: {@code -N1 -n3 -c3 --mem-per-cpu=2500} on mem2c, whose c1 is 1 x 8 two-thread cores with
 * 24,000 MB under {@code CR_Core_Memory}). 24.11/26.05 offer whole tasks, 15 CPUs, stepped down by two to 9: the job
 * is accepted and waits (Resources, the loop of {@link MemoryAllocatedLoopTest}). 22.05.8 offers all 16, stepped to
 * 8 and cut to 6 whole tasks, below the 9 the one node must give: refused at submission.
 */
class SbatchCpuOfferTest {

    @ParameterizedTest
    @CsvSource({
        "22.05, -n3 -c3,                      16",
        "24.11, -n3 -c3,                      15",
        "26.05, -n3 -c3,                      15",
        "24.11, -n3 -c3 --ntasks-per-node=3,  9",
        "24.11, -n3 --ntasks-per-node=3,      3",
        "24.11, -n3 -c3 --gpus-per-node=1,    16",
        "24.11, -n3 -c3 --threads-per-core=1, 6",
        "22.05, -n3 -c3 --threads-per-core=1, 8",
    })
    void offersWholeTasksFrom2411WithoutGres(String version, String options, long offered)
            throws JobRequestException {
        SlurmNode c1 = FreeMemory.nodesByName(empty("mem2c").cluster()).get("c1");
        long got = SbatchCpuOffer.of(c1, job(options, "j"), SlurmVersion.parse(version).orElseThrow());
        assertThat(got).isEqualTo(offered);
    }

    @ParameterizedTest
    @ValueSource(strings = {"24.11", "26.05"})
    void oneNodeOfThreeTasksIsAcceptedAndWaits(String version) throws JobRequestException {
        Suggestion s = place(empty("mem2c"), "-N1 -n3 -c3 --mem-per-cpu=2500", version);
        assertThat(s).isInstanceOf(Suggestion.Pending.class);
        assertThat(((Suggestion.Pending) s).reason()).isEqualTo(PendingReason.RESOURCES);
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05"})
    void oneNodeOfThreeTasksIsRefusedBy2205(String version) throws JobRequestException {
        Suggestion s = place(empty("mem2c"), "-N1 -n3 -c3 --mem-per-cpu=2500", version);
        assertThat(s).isInstanceOf(Suggestion.Impossible.class);
        assertThat(((Suggestion.Impossible) s).reason()).contains("no node has the memory for the job's CPUs");
    }
}
