package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;

import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequestException;

/**
 * cons_tres {@code _can_job_run_on_node}'s per-CPU memory branch (22.05 {@code cons_tres/job_test.c}, 24.11 and
 * 26.05 alike) rounds the CPUs the memory allows down to whole tasks ({@code cpus -= cpus % cpus_per_task}) before
 * the topology step shares the job's CPUs out. 22.05's {@code _allocate_sc} does not round a node's count itself,
 * so there only this branch does. Own case mem2e p6 ({@code -N2 -n4 -c7}, {@code CR_Core_Memory},
 * {@code DefMemPerCPU=8000}): a1 (two threads a core, 128,000 MB) allows 16 CPUs, 14 of whole tasks, so a1 and p1
 * get 14 CPUs each in 22.05.8 (and 24.11.5, 26.05.5); without the rounding 22.05's layout gave a1 16 and p1 7.
 */
class PerCpuMemoryWholeTasksTest {

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void theCpusTheMemoryAllowsAreRoundedToWholeTasks(String version) throws JobRequestException {
        // every node but a1 and p1 left out: p6's state in mem2e, where the b-jobs hold the others
        Suggestion s = place(empty("mem2e"), "-x h1,h2,h3,f1,f2,f3,u1,u2,q1,a2,a3,s1 -N2 -n4 -c7", version);
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        Map<String, Integer> cpus = ((Suggestion.Placed) s).placement().hosts().stream()
                .collect(Collectors.toMap(HostAllocation::host, a -> a.cpus().size()));
        assertThat(cpus).isEqualTo(Map.of("a1", 14, "p1", 14));
    }
}
