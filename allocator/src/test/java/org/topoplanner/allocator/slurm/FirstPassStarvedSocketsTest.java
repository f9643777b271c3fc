package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 24.11's and 26.05's first pass empties an enforce-binding job's GPU sockets that its estimate of CPUs per GPU
 * starves, and the second pass keeps them empty ({@link FirstPassStarvedSockets}). g9c's idle cluster (own probes
 * g9c z1 and c10c1, real 22.05.8, 24.11.5, 26.05.5): only the nodes with any-socket GPUs (s1-s3, u1: 15 CPUs) are
 * left, so sbatch refuses {@code -n7} and {@code -n10}.
 */
class FirstPassStarvedSocketsTest {
    private static final String Z1 = "-n10 --ntasks-per-socket=1 -c3 --gpus=1 --gres-flags=enforce-binding";
    private final ClusterState idle = ClusterState.empty(OracleCase.cluster("g9c"));

    private Suggestion suggest(String line, SlurmVersion v) throws Exception {
        JobRequest r = SbatchOptions.parseLine(line, "z");
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(idle, r);
    }

    @Test
    void sbatchRefusesTheJobFrom2411() throws Exception {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            for (String line : new String[] {Z1, Z1.replace("-n10", "-n7")}) {
                assertThat(suggest(line, v)).as("%s %s", v, line).isInstanceOfSatisfying(Suggestion.Impossible.class,
                        i -> assertThat(i.reason()).contains("Requested node configuration is not available"));
            }
        }
    }

    @Test
    void twentyTwoOhFiveHasNoEstimateAndRunsIt() throws Exception {
        assertThat(suggest(Z1, SlurmVersion.V22_05)).isInstanceOf(Suggestion.Placed.class);
    }

    @Test
    void withoutEnforceBindingNoSocketIsEmptied() throws Exception {
        assertThat(suggest(Z1.replace(" --gres-flags=enforce-binding", ""), SlurmVersion.V24_11))
                .isInstanceOf(Suggestion.Placed.class);
    }

    @Test
    void onlyStarvedSocketsWithoutAnySocketGpusAreCleared() {
        SlurmNode a1 = SlurmNode.of(OracleCase.cluster("g9c")).stream().filter(n -> n.name().equals("a1"))
                .findFirst().orElseThrow();
        GpuSockets gs = GpuSockets.of(a1, allOf(8), allOf(64));
        // two cores of two threads a socket (--ntasks-per-socket=1 -c3), 30 CPUs per GPU estimated: both emptied
        FirstPassStarvedSockets.clear(gs, new int[] {2, 2}, 2, 30);
        assertThat(gs.bySock()).containsExactly(0, 0);
        GpuSockets wide = GpuSockets.of(a1, allOf(8), allOf(64));
        // a socket whose cores hold one GPU's estimate keeps its GPUs
        FirstPassStarvedSockets.clear(wide, new int[] {15, 2}, 2, 30);
        assertThat(wide.bySock()).containsExactly(4, 0);
    }

    private static java.util.BitSet allOf(int n) {
        java.util.BitSet b = new java.util.BitSet();
        b.set(0, n);
        return b;
    }
}
