package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.resources.ShippedData;

/**
 * The comparison shares one state without the asked job between its rows, made from the plan's warmed state:
 * every row must still be what the advisor answers for that job on a plan that nothing was asked about before
 * (the same jobs on a freshly read cluster, so no table of it exists yet), also when the question moves to
 * another job of the same plan (whose own placement must then be the one taken out) and back.
 */
class PolicyComparisonTest {
    private final PolicyComparison comparison = new PolicyComparison();
    private final PlacementAdvisor advisor = new PlacementAdvisor();

    @Test
    void everyRowIsTheAdvisorsOwnAnswerOnAFreshPlan() {
        Plan plan = twoJobs();
        PolicyWarmUp.prepare(plan.cluster());
        PolicyWarmUp.prepare(plan, PolicyOptions.DEFAULT);
        for (String job : List.of("a", "b", "a")) {
            JobRequest r = plan.request(job);
            Plan fresh = twoJobs();
            for (PolicyId id : comparison.startOrder()) {
                PolicyComparison.Row row = comparison.row(plan, r, PolicyOptions.DEFAULT, id);
                Advice alone = advisor.suggest(fresh, r, DropTarget.ANYWHERE, new PolicyChoice(id, PolicyOptions.DEFAULT));
                assertThat(row.advice().placementIfAny()).as(job + " under " + id.id()).isEqualTo(alone.placementIfAny());
                assertThat(row.advice().verdict()).as(job + " under " + id.id()).isEqualTo(alone.verdict());
                assertThat(row.advice().reason()).as(job + " under " + id.id()).isEqualTo(alone.reason());
                assertThat(row.advice().violations()).as(job + " under " + id.id()).isEqualTo(alone.violations());
                assertThat(List.of(row.leaves(), row.spines(), row.ring()))
                        .isEqualTo(List.of(new PolicyComparison.Row(id.id(), alone).leaves(),
                                new PolicyComparison.Row(id.id(), alone).spines(), new PolicyComparison.Row(id.id(), alone).ring()));
            }
        }
        assertThat(comparison.startOrder()).as("every policy, each once").containsExactlyInAnyOrderElementsOf(PolicyCatalog.policies());
    }

    /** Two placed jobs of different shapes on the example cluster, read anew on each call. */
    private static Plan twoJobs() {
        return Plan.of(ShippedData.exampleCluster())
                .withJob(new Job("a", List.of("-N1", "--gpus-per-node=4")),
                        new Placement("a", List.of(HostAllocation.of("node01", List.of(0, 1, 2, 3), CpuSet.of(0)))))
                .withJob(new Job("b", List.of("-N1", "--gpus-per-node=8")),
                        new Placement("b", List.of(HostAllocation.of("node02", List.of(0, 1, 2, 3, 4, 5, 6, 7), CpuSet.of(0)))));
    }
}
