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
 * 26.05's {@code _job_create} refuses {@code -n} below the node count {@code MinNodes} gave the job
 * ({@link TasksBelowMinNodes}). featfz24's partition mix has {@code MinNodes=2}; lead case featfz24 f45
 * ({@code -p mix -n1 -c4 --gpus=2}) is refused by 26.05.5 ("Task count specification invalid") and accepted by
 * 24.11.5 and 22.05.8.
 */
class TasksBelowMinNodesTest {
    private final ClusterState idle = ClusterState.empty(OracleCase.cluster("featfz24"));

    private Suggestion suggest(String line, SlurmVersion v) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(idle,
                SbatchOptions.parseLine(line, "f45"));
    }

    @Test
    void release2605RefusesOneTaskOnATwoNodeMinimum() throws Exception {
        assertThat(suggest("-p mix -n1 -c4 --gpus=2", SlurmVersion.V26_05))
                .isInstanceOfSatisfying(Suggestion.Impossible.class,
                        i -> assertThat(i.reason()).isEqualTo("Task count specification invalid"));
    }

    @Test
    void earlierReleasesAcceptIt() throws Exception {
        for (SlurmVersion v : new SlurmVersion[] {SlurmVersion.V22_05, SlurmVersion.V24_11}) {
            assertThat(suggest("-p mix -n1 -c4 --gpus=2", v)).as("%s", v)
                    .isNotInstanceOf(Suggestion.Impossible.class);
        }
    }

    @Test
    void enoughTasksOrAListWithASmallerMinimumPass() throws Exception {
        assertThat(suggest("-p mix -n2 -c4 --gpus=2", SlurmVersion.V26_05))
                .isNotInstanceOf(Suggestion.Impossible.class);
        // _foreach_valid_part takes the list's smallest MinNodes: all has none, so min_nodes is 1
        assertThat(suggest("-p mix,all -n1 -c4 --gpus=2", SlurmVersion.V26_05))
                .isNotInstanceOf(Suggestion.Impossible.class);
    }
}
