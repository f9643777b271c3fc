package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _validate_job_desc} ({@code job_mgr.c}, 22.05 to 26.05) gives a job without {@code --mem} or
 * {@code --mem-per-cpu} the configured {@code DefMemPerCPU}, and {@code _build_node_list} then leaves out the
 * nodes whose {@code RealMemory} is below it. Own case optprobe2 ({@code DefMemPerCPU=20000}; a1 has 16,000 MB),
 * real 22.05.8, 24.11.5 and 26.05.5 alike: p0 {@code -N1 -c1} runs on a2, p3 {@code -w a1 -c1} is REJECTED, p1
 * {@code --mem=1000} and p6 {@code --mem=0} run on a1.
 */
class DefMemPerCpuValidateJobDescTest {

    private static Suggestion place(String options, String version) throws JobRequestException {
        SlurmTreePolicy policy = new SlurmTreePolicy(
                PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(version).orElseThrow()));
        return policy.suggest(ClusterState.empty(OracleCase.cluster("optprobe2")), SbatchOptions.parseLine(options, "j"));
    }

    private static String host(Suggestion s) {
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        return ((Suggestion.Placed) s).placement().hosts().get(0).host();
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void aJobWithoutMemoryGetsTheDefaultAndAvoidsSmallerNodes(String version) throws JobRequestException {
        assertThat(host(place("-N1 -c1", version))).isEqualTo("a2");
        assertThat(place("-w a1 -c1", version)).isInstanceOfSatisfying(Suggestion.Impossible.class,
                i -> assertThat(i.reason()).contains("DefMemPerCPU"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"22.05", "24.11", "26.05"})
    void aMemoryTheJobGivesReplacesTheDefault(String version) throws JobRequestException {
        assertThat(host(place("-N1 -c4 --mem=1000", version))).isEqualTo("a1");
        assertThat(host(place("-N1 -c2 --mem=0", version))).isEqualTo("a1");
        assertThat(host(place("-N1 -c2 --mem-per-cpu=1000", version))).isEqualTo("a1");
    }
}
