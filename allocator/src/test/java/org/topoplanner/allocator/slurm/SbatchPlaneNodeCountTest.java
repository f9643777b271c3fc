package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * sbatch refuses {@code -m plane=N} when every node but the last cannot take a whole plane ({@code _opt_verify}).
 * Own cases featfz1 f5 and featfz2 f20, f34, f62 (refused by real 22.05.8, 24.11.5 and 26.05.5 on an idle
 * enough cluster); the plane jobs beside them that Slurm ran (featfz1 f23, f28, f32, featfz2 f25, f36) pass.
 */
class SbatchPlaneNodeCountTest {
    private final ClusterState idle = ClusterState.empty(OracleCase.cluster("featfz1"));

    private Suggestion suggest(String line, SlurmVersion v) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(idle,
                SbatchOptions.parseLine(line, "p"));
    }

    @Test
    void aPlaneWiderThanTheNodesCanShareIsRefusedByEveryRelease() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            for (String line : new String[] {"-w a1 -N3 -n3 -c3 -m plane=2", "-p fat -N2 -n2 -c4 -m plane=3",
                    "-N3 -n8 -c4 -m plane=4", "-w b2 -p all,mix -N2 -n3 -c4 -m plane=3"}) {
                assertThat(suggest(line, v)).as("%s %s", v, line).isInstanceOfSatisfying(Suggestion.Impossible.class,
                        i -> assertThat(i.reason()).contains("Too few processes for the requested {plane,node}"));
            }
        }
    }

    @Test
    void theNodeListCountsAsTheNodesWithoutMinusN() throws Exception {
        // -w a1,a2 sets min_nodes to 2 before the test: two tasks in planes of two cannot reach the second node
        assertThat(suggest("-w a1,a2 -n2 -m plane=2", SlurmVersion.V26_05)).isInstanceOf(Suggestion.Impossible.class);
        assertThat(suggest("-w a1,a2 -n3 -m plane=2", SlurmVersion.V26_05)).isInstanceOf(Suggestion.Placed.class);
    }

    @Test
    void planesThatFitAreNotRefused() throws Exception {
        for (String line : new String[] {"-N1 -n3 -c1 -m plane=2", "-N2 -n5 -c4 -m plane=2",
                "-p mix -N2 -n7 -c1 -m plane=4", "-p mix -N1 -n9 -c2 -m plane=2", "-N2 -n7 -c3 -m plane=3"}) {
            assertThat(suggest(line, SlurmVersion.V24_11)).as(line).isNotInstanceOf(Suggestion.Impossible.class);
        }
    }
}
