package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code -N3 -n2 -w m4,k1,k5} (seed 4137 of {@link PlannerOnProbeClustersPropertyTest}): sbatch lowers the count to
 * two ("can't run 2 processes on 3 nodes"); 22.05.8's sbatch keeps k1,k5 (the first two of the sorted list), 24.11.5's
 * and 26.05.5's slurmctld keep the three as a pool ({@code _job_create}). The planner answers as slurm-tree does, and
 * {@link NamedNodesAsSlurmHolds} (what the property tests judge with) reads the list the same way.
 */
class PlannerNamedNodesPoolTest {
    private static final ClusterState IDLE = ClusterState.empty(OracleCase.cluster("fuzz22"));
    private static final JobRequest JOB = JobRequest.builder().name("probe").nodes(3).ntasks(2).cpusPerTask(2)
            .gpus(2).nodelist(List.of("m4", "k1", "k5")).build();

    private static List<String> hosts(Suggestion s) {
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        return ((Suggestion.Placed) s).placement().hostNames();
    }

    @Test
    void twoOfTheThreeNamedAreUsedAsSlurmTreeUsesThem() {
        for (SlurmVersion v : List.of(SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            PolicyOptions o = PolicyOptions.DEFAULT.withSlurmVersion(v);
            List<String> mine = hosts(new PlannerPolicy(o).suggest(IDLE, JOB));
            List<String> theirs = hosts(new SlurmTreePolicy(o).suggest(IDLE, JOB));
            assertThat(mine).as(v.label()).hasSize(2).isSubsetOf("m4", "k1", "k5");
            assertThat(mine).as(v.label()).containsExactlyInAnyOrderElementsOf(theirs);
            if (v == SlurmVersion.V22_05) {
                assertThat(mine).containsExactlyInAnyOrder("k1", "k5");
            }
        }
    }

    @Test
    void theListIsAPoolFrom2411AndItsFirstSortedNamesIn2205() {
        assertThat(NamedNodesAsSlurmHolds.of(JOB, SlurmVersion.V26_05))
                .isEqualTo(new NamedNodesAsSlurmHolds(Set.of(), Set.of("m4", "k1", "k5")));
        assertThat(NamedNodesAsSlurmHolds.of(JOB, SlurmVersion.V24_11).required()).isEmpty();
        assertThat(NamedNodesAsSlurmHolds.of(JOB, SlurmVersion.V22_05))
                .isEqualTo(new NamedNodesAsSlurmHolds(Set.of("k1", "k5"), Set.of()));
        JobRequest enoughTasks = JOB.toBuilder().ntasks(3).build();
        assertThat(NamedNodesAsSlurmHolds.of(enoughTasks, SlurmVersion.V26_05))
                .isEqualTo(new NamedNodesAsSlurmHolds(Set.of("m4", "k1", "k5"), Set.of()));
    }
}
