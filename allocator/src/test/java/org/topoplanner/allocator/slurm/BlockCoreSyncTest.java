package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Under {@code CR_CPU} a node's CPUs are laid out by {@code _block_sync_core_bitmap} (best-fitting socket), not the
 * cyclic layout of {@code CR_Core}. mem2f's cluster ({@code CR_CPU_Memory}), idle: f2 has 4 x 8 two-thread cores, m1
 * 2 x 12 two-thread cores, c1 2 x 8 one-thread cores. The CPUs are real 26.05.5's (own probe c26h3, q0, q4, q5; mem2f
 * b6 in 24.11.5 too) and 22.05.8's (mem2f b6: its core map keeps every free core, so socket 0 fits first).
 */
class BlockCoreSyncTest {

    private static CpuSet cpusOf(String version, String args, String host) throws Exception {
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(version)
                .orElseThrow())).suggest(ClusterState.empty(OracleCase.cluster("mem2f")),
                SbatchOptions.parseLine(args, "q"));
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        return ((Suggestion.Placed) s).placement().hosts().stream().filter(h -> h.host().equals(host)).findFirst()
                .orElseThrow().cpus();
    }

    @ParameterizedTest(name = "{0}: {1} gets CPUs {3} of {2}")
    @CsvSource(delimiter = ';', textBlock = """
            26.05; -w f2 -n2 -c5; f2; 48-57
            24.11; -w f2 -n2 -c5; f2; 48-57
            26.05; -w m1 -n2 -c5; m1; 24-33
            26.05; -w c1 -n2 -c5; c1; 0-9
            22.05; -w f2 -n2 -c5; f2; 0-9
            """)
    void takesTheBestFittingSocketOfTheCoresTheSelectionLeft(String version, String args, String host, String cpus)
            throws Exception {
        assertThat(cpusOf(version, args, host)).isEqualTo(CpuSet.parse(cpus));
    }
}
