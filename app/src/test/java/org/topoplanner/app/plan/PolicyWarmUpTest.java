package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.resources.ShippedData;

/**
 * The warm-up after an import asks every policy, none fails, and each answers the one-GPU job on the idle example
 * as it would the user: placed, except slurm-block, since the example's fabric defines no blocks.
 */
class PolicyWarmUpTest {
    @Test
    void everyPolicyPlacesTheWarmUpJobOnTheIdleExample() {
        Map<PolicyId, Advice> answers = PolicyWarmUp.prepare(ShippedData.exampleCluster());
        assertThat(answers.keySet()).containsExactlyElementsOf(PolicyCatalog.policies());
        answers.forEach((id, a) -> {
            assertThat(a.reason()).as(id.id()).doesNotContain(" failed: ");
            if (id.id().equals("slurm-block")) {
                assertThat(a.placementIfAny()).as(id.id()).isEmpty();
            } else {
                assertThat(a.placementIfAny()).as(id.id()).isPresent();
                assertThat(a.metrics()).as(id.id() + ": the checks and metrics ran too").isNotNull();
            }
        });
    }

    /**
     * The many-node job the warm-up after an import also asks about: whole nodes, a 16th of them, at least two,
     * which every policy but slurm-block (no blocks on the example) places on the idle example, with its checks.
     */
    @Test
    void theManyNodeWarmUpJobTakesWholeNodesAndEveryPolicyPlacesIt() {
        var example = ShippedData.exampleCluster();
        JobRequest r = PolicyWarmUp.manyNodes(example);
        assertThat(List.of(r.requestedNodes(), r.gpusPerNode())).as("32 hosts of 8 GPUs: two whole nodes").isEqualTo(List.of(2, 8));
        for (PolicyId id : PolicyCatalog.policies()) {
            Advice a = new PlacementAdvisor().suggest(Plan.of(example), r, DropTarget.ANYWHERE,
                    new org.topoplanner.allocator.catalog.PolicyChoice(id, PolicyOptions.DEFAULT));
            assertThat(a.reason()).as(id.id()).doesNotContain(" failed: ");
            if (!id.id().equals("slurm-block")) {
                assertThat(a.placementIfAny()).as(id.id()).get().satisfies(p -> assertThat(p.hosts()).hasSize(2));
                assertThat(a.metrics()).as(id.id()).isNotNull();
            }
        }
    }

    /**
     * A plan's warm-up asks every policy about its placed jobs' shape on the whole running state (none fails,
     * none is turned away for the job already running under the asked name), and stops as soon as it is no
     * longer wanted.
     */
    @Test
    void aPlansWarmUpAsksEveryPolicyAboutItsJobsShapeUntilNoLongerWanted() {
        Plan plan = Plan.of(ShippedData.exampleCluster())
                .withJob(new Job("a", List.of("-N1", "--gpus-per-node=4")),
                        new Placement("a", List.of(HostAllocation.of("node01", List.of(0, 1, 2, 3), CpuSet.of(0)))));
        Map<PolicyId, Advice> answers = PolicyWarmUp.prepare(plan, PolicyOptions.DEFAULT);
        assertThat(answers.keySet()).containsExactlyElementsOf(PolicyCatalog.policies());
        answers.forEach((id, a) -> assertThat(a.reason()).as(id.id()).doesNotContain(" failed: "));
        assertThat(answers.get(PolicyCatalog.policies().get(0)).placementIfAny()).get()
                .satisfies(p -> assertThat(p.hosts()).as("a node of four GPUs, as job a asks").hasSize(1)
                        .allSatisfy(h -> assertThat(h.gpus()).hasSize(4)));
        int[] asked = {0};
        assertThat(PolicyWarmUp.prepare(plan, PolicyOptions.DEFAULT, () -> asked[0]++ < 2)).as("two policies, then stopped")
                .hasSize(2);
        assertThat(PolicyWarmUp.prepare(Plan.of(plan.cluster()), PolicyOptions.DEFAULT)).as("no placed job, nothing to warm").isEmpty();
    }
}
