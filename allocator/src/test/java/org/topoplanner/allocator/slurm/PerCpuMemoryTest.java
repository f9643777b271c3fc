package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * cons_tres {@code _can_job_run_on_node}'s {@code MEM_PER_CPU} branch as a count ({@link PerCpuMemory#lower}): the
 * count falls by {@code cpu_alloc_size} until it fits the free memory, then to whole tasks, and to 0 below
 * {@code ntasks_per_node}. Rows: mem2e's h3 at p8 (80,000 MB free at 8,000 MB a CPU, 26 free CPUs on two-thread
 * cores: 10), a {@code CR_CPU} node (step 1: 9), mem2e p6's a1 ({@code -c7}: 16 then 14), a node the memory does not
 * lower (mem2e p5's s1, {@code -c3}: 8 then 6), and {@code --ntasks-per-node=9} with {@code -c4} on 10 CPUs (8 whole
 * tasks' CPUs, which Slurm compares with the task count: 0).
 */
class PerCpuMemoryTest {

    @ParameterizedTest
    @CsvSource({
        "80000, 8000, 2, 26, 1, , 10",
        "72000, 8000, 1, 26, 1, , 9",
        "72000, 8000, 2, 26, 1, , 8",
        "128000, 8000, 2, 64, 7, , 14",
        "512000, 8000, 1, 8, 3, , 6",
        "80000, 8000, 2, 26, 4, 9, 0",
        "0, 8000, 2, 26, 1, , 0"})
    void lowersTheCountAStepAtATimeThenToWholeTasks(long free, long perCpu, int step, int cpus, int cpt,
                                                     Integer ntasksPerNode, int expected) {
        assertThat(new PerCpuMemory(free, perCpu, step).lower(cpus, cpt, ntasksPerNode)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"26, 1, 26", "26, 4, 26"})
    void withoutAFigureTheCountStays(int cpus, int cpt, int expected) {
        assertThat(PerCpuMemory.NONE.lower(cpus, cpt, null)).isEqualTo(expected);
    }
}
