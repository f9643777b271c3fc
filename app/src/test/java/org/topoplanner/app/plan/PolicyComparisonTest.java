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
 * The comparison shares one state without the asked job between its rows: every row must still be what
 * the advisor answers on its own for that job, also when the question moves to another job of the same
 * plan (whose own placement must then be the one taken out) and back.
 */
class PolicyComparisonTest {
    private final PolicyComparison comparison = new PolicyComparison();
    private final PlacementAdvisor advisor = new PlacementAdvisor();

    @Test
    void everyRowIsTheAdvisorsOwnAnswerForTheJobAskedAbout() {
        Plan plan = Plan.of(ShippedData.exampleCluster())
                .withJob(new Job("a", List.of("-N1", "--gpus-per-node=4")),
                        new Placement("a", List.of(HostAllocation.of("node01", List.of(0, 1, 2, 3), CpuSet.of(0)))))
                .withJob(new Job("b", List.of("-N1", "--gpus-per-node=8")),
                        new Placement("b", List.of(HostAllocation.of("node02", List.of(0, 1, 2, 3, 4, 5, 6, 7), CpuSet.of(0)))));
        for (String job : List.of("a", "b", "a")) {
            JobRequest r = plan.request(job);
            for (PolicyId id : PolicyCatalog.policies()) {
                PolicyComparison.Row row = comparison.row(plan, r, PolicyOptions.DEFAULT, id);
                Advice alone = advisor.suggest(plan, r, DropTarget.ANYWHERE, new PolicyChoice(id, PolicyOptions.DEFAULT));
                assertThat(row.advice().placementIfAny()).as(job + " under " + id.id()).isEqualTo(alone.placementIfAny());
                assertThat(row.advice().verdict()).as(job + " under " + id.id()).isEqualTo(alone.verdict());
                assertThat(row.advice().reason()).as(job + " under " + id.id()).isEqualTo(alone.reason());
                assertThat(List.of(row.leaves(), row.spines(), row.ring()))
                        .isEqualTo(List.of(new PolicyComparison.Row(id.id(), alone).leaves(),
                                new PolicyComparison.Row(id.id(), alone).spines(), new PolicyComparison.Row(id.id(), alone).ring()));
            }
        }
    }
}
