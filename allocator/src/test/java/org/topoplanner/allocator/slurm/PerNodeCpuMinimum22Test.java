package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequestException;

/**
 * A {@code --mem} above {@code MaxMemPerCPU} with {@code --ntasks-per-node}: 22.05's {@code _valid_pn_min_mem}
 * ({@code job_mgr.c}) raises {@code pn_min_cpus} to {@code ceil(mem / max)} and leaves {@code min_cpus} at the
 * tasks' CPUs, so the node gives {@code pn_min_cpus}; 24.11 and 26.05 raise {@code pn_min_cpus} to whole tasks of
 * the raised {@code cpus_per_task}. Own case mem2g g8 ({@code MaxMemPerCPU=2000}, 8-core nodes): 22.05.8 CPUs 0-4,
 * 24.11.5 and 26.05.5 CPUs 0-5.
 */
class PerNodeCpuMinimum22Test {

    @ParameterizedTest
    @CsvSource({"22.05, 5", "24.11, 6", "26.05, 6"})
    void aPerNodeFigureAboveMaxMemPerCpuGivesTheNodeItsMinimum(String version, int cpus) throws JobRequestException {
        Suggestion s = place(empty("mem2g"), "-N1 -n2 --ntasks-per-node=2 --mem=9000", version);
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        assertThat(((Suggestion.Placed) s).placement().hosts().get(0).cpus().size()).isEqualTo(cpus);
    }
}
