package org.topoplanner.allocator.kueue;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.k8s.KubeletSettings;
import org.topoplanner.allocator.planner.Objective;
import org.topoplanner.allocator.planner.PlannerPolicy;
import org.topoplanner.allocator.planner.Score;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.k8s.TopologyConstraints;

/**
 * Differential test on the real Kueue's answers: wherever Kueue ff69552 assigned a "modelled" case's
 * PodSet one pod per node (the shape the planner plans: {@code -N} nodes), the planner, given the same
 * Kueue level as its own setting, places the job too and never worse by the objective. Kueue's
 * placement is the {@code kueue-tas} policy's, which {@link KueueTasPolicyOracleTest} shows to be
 * Kueue's node for node.
 */
class PlannerVersusKueueCasesTest {
    @Test
    void thePlannerIsNeverWorseThanKueue() throws IOException {
        List<String> worse = new ArrayList<>();
        int compared = 0;
        for (KueueOracleCase c : KueueOracleCase.modelled()) {
            boolean onePodPerNode = c.failure() == null && c.podsPerHost().values().stream().allMatch(n -> n == 1);
            if (!onePodPerNode || !c.request().slices().isEmpty()) {
                continue;
            }
            KueueOracleCluster k = KueueOracleCluster.of(c.json());
            TopologyConstraints own = c.request().mode().takesLevel()
                    ? TopologyConstraints.NONE.withKueue(c.request().mode(), c.request().level())
                    : TopologyConstraints.NONE;
            PolicyOptions options = PolicyOptions.DEFAULT.withTopology(own);
            Suggestion kueue = new KueueTasPolicy(KubeletSettings.from(options), k.template(), j -> Optional.of(k.tas()))
                    .suggest(k.state(), k.job());
            assertThat(kueue).as(c.id()).isInstanceOf(Suggestion.Placed.class);
            Placement theirs = ((Suggestion.Placed) kueue).placement();
            if (!leavesThePlannersCores(k.state(), k.job(), theirs)) {
                continue;
            }
            Optional<PlannerPolicy.Plan> plan = new PlannerPolicy(options).plan(k.state(), k.job());
            Score theirScore = Objective.of(k.state(), k.job(), theirs);
            if (plan.isEmpty()) {
                worse.add(c.id() + ": Kueue placed " + theirs.hostNames() + ", the planner nothing");
            } else if (plan.get().score().compareTo(theirScore) > 0) {
                worse.add(c.id() + ": planner " + plan.get().placement().hostNames() + " " + plan.get().score()
                        + " vs Kueue " + theirs.hostNames() + " " + theirScore);
            }
            compared++;
        }
        System.out.printf("planner vs Kueue: %d placements compared, %d worse%n", compared, worse.size());
        assertThat(worse).as(worse.size() + " of " + compared + " worse").isEmpty();
        assertThat(compared).isGreaterThanOrEqualTo(150);
    }

    /**
     * A Kueue pod asks only what its PodSet states, so it may land on a node with too few free cores
     * for the planner, which gives each task its CPUs as Slurm does; such placements are no yardstick.
     */
    private static boolean leavesThePlannersCores(ClusterState s, JobRequest job, Placement p) {
        int cpus = job.cpusPerTask() == null ? 1 : job.cpusPerTask();
        return p.hostNames().stream().allMatch(h -> s.freeCores(h).size() >= cpus);
    }
}
