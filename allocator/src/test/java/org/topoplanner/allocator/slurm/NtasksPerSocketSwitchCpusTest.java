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
 * 24.11's and 26.05's {@code switch_cpu_cnt} sums {@code avail_res->avail_cpus}, which {@code _allocate_sc}'s step 4
 * cuts to {@code --ntasks-per-socket} x {@code -c} CPUs a socket. Own probe c11a1 on its idle cluster (leaf0: g1, g2,
 * u1; leaf1: g3, u2 and GPU-less c1; real 24.11.5 and 26.05.5): {@code -n8 --ntasks-per-socket=1 -c2 --gpus=2}
 * offers 4 CPUs a node, no leaf holds the 16, and the leaf with more nodes is taken first.
 */
class NtasksPerSocketSwitchCpusTest {
    private final ClusterState idle = ClusterState.empty(OracleCase.cluster("c11a1"));

    private Suggestion suggest(String line, SlurmVersion v) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(idle, SbatchOptions.parseLine(line, "a"));
    }

    @Test
    void theFullerLeafGoesFirstWhenNoLeafHoldsTheCappedCpus() throws Exception {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            for (String line : new String[] {"-n8 --ntasks-per-socket=1 -c2 --gpus=2",
                    "-n8 --ntasks-per-socket=1 -c2 --gpus=3"}) {
                assertThat(suggest(line, v)).as("%s %s", v, line).isInstanceOfSatisfying(Suggestion.Placed.class,
                        p -> assertThat(p.placement().hostNames()).containsExactlyInAnyOrder("g1", "g2", "g3", "u1"));
            }
        }
    }

    @Test
    void threeNodesOfOneLeafHoldSixTasksOfThree() throws Exception {
        // c11a1 a3: 6 CPUs a node, leaf0 holds the 18
        assertThat(suggest("-n6 --ntasks-per-socket=1 -c3 --gpus=3", SlurmVersion.V24_11))
                .isInstanceOfSatisfying(Suggestion.Placed.class,
                        p -> assertThat(p.placement().hostNames()).containsExactlyInAnyOrder("g1", "g2", "u1"));
    }
}
