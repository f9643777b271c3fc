package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequestException;

/**
 * sbatch's memory test ({@code _can_job_run_on_node} on the idle node, {@code RealMemory}) of a job with fewer
 * threads a core than the node ({@code --hint=nomultithread}, {@code --threads-per-core=1}): {@code _allocate_sc}
 * counts {@code min(threads, t)} CPUs a core and sets {@code cpu_alloc_size} to {@code t}, so the per-CPU figure is
 * read per core and the count is lowered one core at a time (22.05 {@code cons_common.c}, 24.11 and 26.05
 * {@code job_test.c}). Own case c22hm1 (eight two-thread cores, 14,000 MB, {@code CR_Core_Memory}): h0 {@code -w n1
 * -n7 --hint=nomultithread --mem-per-cpu=2000} needs 14,000 MB for seven cores and runs; read per thread and
 * lowered a core's two threads at a time it was refused (six cores).
 */
class SubmitTestThreadsPerCoreMemoryTest {

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void sevenCoresAtTwoThousandFitFourteenThousand(String version) throws JobRequestException {
        for (String hint : new String[] {"--hint=nomultithread", "--threads-per-core=1"}) {
            Suggestion s = place(empty("c22hm1"), "-w n1 -N1 -n7 " + hint + " --mem-per-cpu=2000", version);
            assertThat(s).as(hint).isInstanceOf(Suggestion.Placed.class);
            assertThat(((Suggestion.Placed) s).placement().hosts().get(0).cpus().size()).as(hint).isEqualTo(14);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void eightCoresAtTwoThousandDoNotFit(String version) throws JobRequestException {
        assertThat(place(empty("c22hm1"), "-w n1 -N1 -n8 --hint=nomultithread --mem-per-cpu=2000", version))
                .isInstanceOf(Suggestion.Impossible.class);
    }
}
