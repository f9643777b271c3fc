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
 * An {@code --exclusive} GPU job counts the CPUs {@code gres_filter_sock_core}'s first pass left a node, not the
 * node whole ({@link ExclusiveGpuCount}). On featfz24's idle nodes {@code -N1 -n4 -c5 --gpus-per-node=1 --exclusive}
 * needs 20 CPUs: the a nodes keep their GPU socket's 16 in the first pass, the b nodes 16 or 8, and c1 (GPUs bound to
 * no socket) all 32. 26.05's one-node test ({@code _get_one_res}) takes the first node that passes, c1, as 26.05.5
 * ran lead case featfz24 f12; 22.05 and 24.11 go to the tree, fail its first pass on leafa and take a1 whole in the
 * second, as 22.05.8 and 24.11.5 ran f12 on a2 (a1 busy). Without the rule 26.05 took a1 in the first pass.
 */
class ExclusiveGpuCountTest {
    private final ClusterState idle = ClusterState.empty(OracleCase.cluster("featfz24"));

    private Suggestion.Placed placed(String line, SlurmVersion v) throws Exception {
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(idle,
                SbatchOptions.parseLine(line, "f12"));
        assertThat(s).as("%s", v).isInstanceOf(Suggestion.Placed.class);
        return (Suggestion.Placed) s;
    }

    @Test
    void release2605sOneNodeTestPassesOverNodesWhoseGpuSocketIsShortOfTheCpus() throws Exception {
        Suggestion.Placed p = placed("-N1 -n4 -c5 --gpus-per-node=1 --exclusive", SlurmVersion.V26_05);
        assertThat(p.placement().hosts()).singleElement().satisfies(h -> {
            assertThat(h.host()).isEqualTo("c1");
            assertThat(h.cpus().size()).isEqualTo(32);
            assertThat(h.gpus()).hasSize(4);
        });
    }

    @Test
    void earlierReleasesTakeTheBestLeafsNodeWholeInTheSecondPass() throws Exception {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V22_05, SlurmVersion.V24_11}) {
            Suggestion.Placed p = placed("-N1 -n4 -c5 --gpus-per-node=1 --exclusive", v);
            assertThat(p.placement().hosts()).as("%s", v).singleElement().satisfies(h -> {
                assertThat(h.host()).isEqualTo("a1");
                assertThat(h.cpus().size()).isEqualTo(32);
                assertThat(h.gpus()).hasSize(8);
            });
        }
    }

    /** Four tasks of four CPUs fit a's GPU socket (16 CPUs): 26.05 takes a1 whole in the first pass. */
    @Test
    void aJobTheGpuSocketHoldsStaysOnTheFirstNode() throws Exception {
        Suggestion.Placed p = placed("-N1 -n4 -c4 --gpus-per-node=1 --exclusive", SlurmVersion.V26_05);
        assertThat(p.placement().hosts()).singleElement().satisfies(h -> {
            assertThat(h.host()).isEqualTo("a1");
            assertThat(h.cpus().size()).isEqualTo(32);
        });
    }
}
