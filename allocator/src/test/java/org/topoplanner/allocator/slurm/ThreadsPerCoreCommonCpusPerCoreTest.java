package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * cons_tres {@code common_cpus_per_core} (each allocated core gives {@code min(threads, --threads-per-core)} CPUs;
 * {@code CR_Core} allocates whole cores), {@code _build_node_list}'s {@code job_mc_ok} (no node with fewer threads
 * than asked) and sbatch's implicit task count ({@code -N n} makes {@code n x t} tasks), the same source in 22.05,
 * 24.11 and 26.05. Own case optprobe3 (a nodes: one thread per core; b nodes: two), real output of all three.
 */
class ThreadsPerCoreCommonCpusPerCoreTest {

    private static Suggestion place(String options, String version) throws JobRequestException {
        SlurmTreePolicy policy = new SlurmTreePolicy(
                PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(version).orElseThrow()));
        return policy.suggest(ClusterState.empty(OracleCase.cluster("optprobe3")), SbatchOptions.parseLine(options, "j"));
    }

    @ParameterizedTest(name = "{1} under {0}: {2}")
    @CsvSource(delimiter = ';', value = {
        "22.05; -w b1 -c4 --threads-per-core=1;     b1 0-7",
        "24.11; -w b1 -c4 --hint=nomultithread;     b1 0-7",
        "26.05; -w b1 -c3 --threads-per-core=1;     b1 0-5",
        "22.05; -w b1 -c4 --hint=multithread;       b1 0-3",
        "24.11; -N1 -c4 --threads-per-core=2;       b1 0-7",
        "26.05; -w b1,b2 -N2 --ntasks-per-node=2 -c2 --threads-per-core=1; b1 0-7",
    })
    void eachCoreGivesTheJobOnlyItsThreads(String version, String options, String expected)
            throws Exception {
        Suggestion s = place(options, version);
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        HostAllocation first = ((Suggestion.Placed) s).placement().hosts().get(0);
        String[] want = expected.split(" ");
        assertThat(first.host()).isEqualTo(want[0]);
        assertThat(first.cpus()).isEqualTo(org.topoplanner.model.cpu.CpuSet.parse(want[1]));
    }

    @ParameterizedTest(name = "{1} under {0} is refused")
    @CsvSource(delimiter = ';', value = {
        "22.05; -w a1 -c4 --threads-per-core=2",
        "24.11; -w b1 -c12 --threads-per-core=1",
        "26.05; -N1 -c3 --threads-per-core=1",
    })
    void aNodeWithFewerThreadsOrTooFewCoresIsRefused(String version, String options) throws JobRequestException {
        assertThat(place(options, version)).isInstanceOf(Suggestion.Impossible.class);
    }
}
