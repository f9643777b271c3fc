package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _build_node_list}'s {@code mem_ok} ({@code node_scheduler.c}, 22.05, 24.11 and 26.05 alike) masks
 * {@code MEM_PER_CPU} off {@code pn_min_memory}: under {@code CR_Core} a {@code --mem-per-cpu} figure is compared
 * with {@code RealMemory} as it is, not times the job's CPUs. Own case optprobe1 (a1 has 16,000 MB, a2 and b2
 * 64,000, b1 32,000), real 22.05.8, 24.11.5 and 26.05.5 alike: p2 {@code -N1 -c8 --mem-per-cpu=5000} runs on a1,
 * p4 {@code -c1 --mem-per-cpu=20000} on a2, p6 {@code --mem-per-cpu=100G} is REJECTED.
 */
class MemPerCpuBuildNodeListTest {

    private static Suggestion place(String options, String version) throws JobRequestException {
        Cluster cluster = OracleCase.cluster("optprobe1");
        SlurmTreePolicy policy = new SlurmTreePolicy(
                PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(version).orElseThrow()));
        return policy.suggest(ClusterState.empty(cluster), SbatchOptions.parseLine(options, "j"));
    }

    private static String hosts(Suggestion s) {
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        return String.join(",", ((Suggestion.Placed) s).placement().hosts().stream().map(h -> h.host()).toList());
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void thePerCpuFigureIsNotMultipliedByTheCpus(String version) throws JobRequestException {
        assertThat(hosts(place("-N1 -c8 --mem-per-cpu=5000", version))).isEqualTo("a1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void aNodeWithLessMemoryThanOneCpuAsksForIsLeftOut(String version) throws JobRequestException {
        assertThat(hosts(place("-N1 -c1 --mem-per-cpu=20000", version))).isEqualTo("a2");
        assertThat(place("-w a1 -c1 --mem-per-cpu=20000", version)).isInstanceOf(Suggestion.Impossible.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void moreMemoryPerCpuThanAnyNodeHasIsRefused(String version) throws JobRequestException {
        Suggestion s = place("-N1 -c2 --mem-per-cpu=100G", version);
        assertThat(s).isInstanceOfSatisfying(Suggestion.Impossible.class,
                i -> assertThat(i.reason()).contains("Memory specification can not be satisfied"));
    }
}
