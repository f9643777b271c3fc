package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.resources.ShippedData;

/** Remembered validation: computed once per plan, job, policy and settings; stale answers are not kept. */
class JobChecksTest {
    private final List<String> computed = new ArrayList<>();
    private final JobChecks checks = new JobChecks((plan, job, choice) -> {
        computed.add(job + "@" + choice.id());
        return Advice.impossible(job + " checked under " + choice.id());
    });
    private final Plan plan = Plan.of(ShippedData.exampleCluster())
            .withJob(new Job("a", SbatchOptions.toArgs(JobRequest.nodesWithGpus("a", 1, 2))), null)
            .withJob(new Job("b", SbatchOptions.toArgs(JobRequest.nodesWithGpus("b", 1, 2))), null);
    private final PolicyChoice planner = PolicyChoice.of(PolicyId.PLANNER);
    private final PolicyChoice slurmTree = PolicyChoice.of(PolicyId.SLURM_TREE);

    @Test
    void askingAgainForTheSameJobOfTheSamePlanComputesNothing() {
        Advice first = checks.check(plan, "a", planner);
        for (int i = 0; i < 50; i++) {
            assertThat(checks.check(plan, "a", planner)).isSameAs(first);
            assertThat(checks.remembered(plan, "a", planner)).containsSame(first);
        }
        checks.check(plan, "b", planner);
        assertThat(computed).containsExactly("a@planner", "b@planner");
    }

    @Test
    void anotherPlanPolicyOrSettingsIsAskedAgain() {
        checks.check(plan, "a", planner);
        checks.check(plan, "a", slurmTree);
        checks.check(plan, "a", slurmTree.withSlurmVersion(SlurmVersion.V22_05));
        Plan edited = plan.withJob(new Job("c", List.of("-N", "1")), null);
        assertThat(checks.remembered(edited, "a", slurmTree)).isEmpty();
        checks.check(edited, "a", slurmTree);
        assertThat(computed).hasSize(4);
    }

    @Test
    void anAnswerForAPlanThatIsNoLongerTheNewestIsNotRemembered() {
        Supplier<Advice> onWorker = checks.later(plan, "a", planner);
        Plan edited = plan.withJob(new Job("c", List.of("-N", "1")), null);
        assertThat(checks.remembered(edited, "a", planner)).isEmpty();

        assertThat(onWorker.get().reason()).isEqualTo("a checked under planner");
        assertThat(checks.remembered(edited, "a", planner)).isEmpty();
        assertThat(checks.remembered(plan, "a", planner)).isEmpty();
    }

    @Test
    void anAnswerComputedOnAWorkerIsThereForTheNextAsker() {
        Supplier<Advice> onWorker = checks.later(plan, "a", planner);
        assertThat(computed).isEmpty();
        Advice a = onWorker.get();
        assertThat(checks.remembered(plan, "a", planner)).containsSame(a);
        assertThat(checks.check(plan, "a", planner)).isSameAs(a);
        assertThat(checks.later(plan, "a", planner).get()).isSameAs(a);
        assertThat(computed).containsExactly("a@planner");
    }
}
