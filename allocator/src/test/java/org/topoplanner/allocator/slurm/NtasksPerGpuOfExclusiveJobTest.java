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
 * A whole node still passes {@code _select_cores}' task limits: 22.05's {@code ntasks_per_tres} branch
 * ({@code select/cons_tres/job_test.c}) puts every task on a one-node minimum, so {@code --gpus=5 --ntasks-per-gpu=3
 * -c4 --exclusive} (15 tasks of 4 CPUs, nodes of 32) fits no node; 24.11's and 26.05's
 * {@code eval_nodes_select_cores} let a node take from 3 tasks up, and the job spreads over whole nodes. Lead case
 * featfz10 f69: refused at submission by 22.05.8, accepted and waiting in 24.11.5 and 26.05.5.
 */
class NtasksPerGpuOfExclusiveJobTest {
    private final ClusterState idle = ClusterState.empty(OracleCase.cluster("featfz10"));

    private Suggestion suggest(String line, SlurmVersion v) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(idle,
                SbatchOptions.parseLine(line, "f"));
    }

    @Test
    void release2205WantsEveryTaskOnTheOneNode() throws Exception {
        assertThat(suggest("--gpus=5 --ntasks-per-gpu=3 -c4 --exclusive", SlurmVersion.V22_05))
                .isInstanceOf(Suggestion.Impossible.class);
        // eight tasks of four CPUs fill one node of 32: placed whole
        assertThat(suggest("--gpus=2 --ntasks-per-gpu=4 -c4 --exclusive", SlurmVersion.V22_05))
                .isInstanceOf(Suggestion.Placed.class);
    }

    @Test
    void laterReleasesSpreadTheTasksOverWholeNodes() throws Exception {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V24_11, SlurmVersion.V26_05}) {
            assertThat(suggest("--gpus=5 --ntasks-per-gpu=3 -c4 --exclusive", v)).as("%s", v)
                    .isInstanceOfSatisfying(Suggestion.Placed.class,
                            p -> p.placement().hosts().forEach(h -> assertThat(h.cpus().size()).isEqualTo(32)));
        }
    }

    /**
     * The node's whole is given only after {@code eval_nodes} counted what {@code _select_cores} and
     * {@code gres_select_filter_sock_core} left it: for {@code -N2 --gpus=5 --ntasks-per-gpu=1} five tasks over a
     * two-node minimum are two a node, two GPUs each, four of five. Own probe c20h1 h2 (featfz9's nodes): refused
     * by 22.05.8, 24.11.5 and 26.05.5 as without {@code --exclusive}; h4 ({@code --gpus=4}) runs on two whole nodes
     * with all their CPUs and GPUs. Without the rule the replay placed h2 on a1 and a2 whole.
     */
    @Test
    void wholeNodesCountTheTasksTheFilterLeft() throws Exception {
        ClusterState featfz9 = ClusterState.empty(OracleCase.cluster("featfz9"));
        for (SlurmVersion v : SlurmVersion.values()) {
            SlurmTreePolicy policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
            assertThat(policy.suggest(featfz9, SbatchOptions.parseLine(
                    "-p all -N2 --gpus=5 --ntasks-per-gpu=1 -m block --exclusive", "h2")))
                    .as("%s", v).isInstanceOf(Suggestion.Impossible.class);
            assertThat(policy.suggest(featfz9, SbatchOptions.parseLine(
                    "-p all -N2 --gpus=4 --ntasks-per-gpu=1 -m block --exclusive", "h4")))
                    .as("%s", v).isInstanceOfSatisfying(Suggestion.Placed.class,
                            p -> p.placement().hosts().forEach(h -> {
                                assertThat(h.cpus().size()).isEqualTo(32);
                                assertThat(h.gpus()).hasSize(8);
                            }));
        }
    }
}
