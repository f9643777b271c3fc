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
 * 24.11.5 and 26.05.5 CPUs 0-5. Without {@code --ntasks-per-node} 22.05 keeps {@code -c} and deals {@code
 * ncpus / -c} tasks ({@code job_res->ncpus} is at least the nodes times {@code pn_min_cpus}): own probe c22k2
 * (two-thread nodes, the same limit; real 22.05.8).
 */
class PerNodeCpuMinimum22Test {

    @ParameterizedTest
    @CsvSource({"22.05, 5", "24.11, 6", "26.05, 6"})
    void aPerNodeFigureAboveMaxMemPerCpuGivesTheNodeItsMinimum(String version, int cpus) throws JobRequestException {
        Suggestion s = place(empty("mem2g"), "-N1 -n2 --ntasks-per-node=2 --mem=9000", version);
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        assertThat(((Suggestion.Placed) s).placement().hosts().get(0).cpus().size()).isEqualTo(cpus);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
        -w n3 -N1 -n1 -c3 --mem=9000 | n3     | 4
        -N2 -n2 -c3 --mem=9000       | n1, n2 | 6, 4
        -w n1 -N1 -n2 -c3 --mem=9000 | n1     | 6
        """)
    void withoutTasksPerNodeTheTaskSizeStaysAndTheRaisedCountDealsWholeTasks(String options, String hosts,
                                                                              String cpus) throws JobRequestException {
        // c22k2 k5: pn_min_cpus 5 makes ncpus 5, one task of 3 CPUs (two cores); k4: ncpus 10, three tasks of 3
        // dealt one per node and the third on n1 (6 CPUs), n2 keeping 3 (two cores); k1: ncpus 6, two tasks
        Suggestion s = place(empty("c22k2"), options, "22.05");
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        var placed = ((Suggestion.Placed) s).placement().hosts();
        assertThat(placed.stream().map(h -> h.host()).toList()).containsExactly(hosts.split(",\\s*"));
        assertThat(placed.stream().map(h -> h.cpus().size()).toList()).containsExactlyElementsOf(
                java.util.Arrays.stream(cpus.split(",\\s*")).map(Integer::valueOf).toList());
    }
}
