package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.empty;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.host;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.place;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.start;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequestException;

/**
 * cons_tres {@code _can_job_run_on_node} ({@code job_test.c}, 22.05, 24.11 and 26.05 alike) under consumable memory:
 * a per-CPU figure lowers the CPUs a node gives until they fit its free memory (at submit its {@code RealMemory}),
 * and an {@code --exclusive} job whose every CPU does not fit gets none. Own case mem2a (real, all three alike): a4
 * {@code -N1 -n3 --mem-per-cpu=4000} runs on c2 with 12,000 MB free; a10 {@code -N1 -n4 --mem-per-cpu=5000} is
 * accepted but never on the 16,000 MB c nodes (three CPUs fit); a11 {@code --exclusive -n1 --mem-per-cpu=3000} does
 * not take the idle c1 (eight CPUs need 24,000 MB).
 */
class CanJobRunOnNodeMemPerCpuTest {

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void thePerCpuFigureBoundsTheCpusOfANode(String version) throws JobRequestException {
        ClusterState s = start(empty("mem2a"), "-N1 -n1", "a0", version);
        s = start(s, "-N1 -n2 --mem=4000", "a1", version);
        Suggestion a4 = place(s, "-N1 -n3 --mem-per-cpu=4000", version);
        assertThat(host(a4)).isEqualTo("c2");
        assertThat(((Suggestion.Placed) a4).placement().hosts().get(0).cpus().size()).isEqualTo(3);
        // four CPUs fit c2's 12,000 MB at 3,000 MB each, not at 3,001: then the job goes to a GPU node
        assertThat(host(place(s, "-N1 -n4 --mem-per-cpu=3000", version))).isEqualTo("c2");
        assertThat(host(place(s, "-N1 -n4 --mem-per-cpu=3001", version))).isEqualTo("g1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void atSubmitRealMemoryBoundsTheCpus(String version) throws JobRequestException {
        assertThat(host(place(empty("mem2a"), "-N1 -n4 --mem-per-cpu=5000", version))).isEqualTo("g1");
        assertThat(place(empty("mem2a"), "-w c1 -N1 -n4 --mem-per-cpu=5000", version))
                .isInstanceOf(Suggestion.Impossible.class);
        assertThat(host(place(empty("mem2a"), "-w c1 -N1 -n3 --mem-per-cpu=5000", version))).isEqualTo("c1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void anExclusiveJobNeedsMemoryForEveryCpuOfTheNode(String version) throws JobRequestException {
        assertThat(host(place(empty("mem2a"), "-N1 --exclusive -n1 --mem-per-cpu=3000", version))).isEqualTo("g1");
        assertThat(host(place(empty("mem2a"), "-N1 --exclusive -n1 --mem-per-cpu=2000", version))).isEqualTo("c1");
    }
}
