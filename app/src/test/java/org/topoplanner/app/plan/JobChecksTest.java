package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.resources.ShippedData;

/** Remembered validation: computed once per plan, job, policy and settings; stale answers are not kept. */
class JobChecksTest {
    private final List<String> computed = new ArrayList<>();
    private final JobChecks checks = new JobChecks((plan, job, policy, options) -> {
        computed.add(job + "@" + policy);
        return Advice.impossible(job + " checked under " + policy);
    });
    private final Plan plan = Plan.of(ShippedData.exampleCluster())
            .withJob(new Job("a", SbatchOptions.toArgs(JobRequest.nodesWithGpus("a", 1, 2))), null)
            .withJob(new Job("b", SbatchOptions.toArgs(JobRequest.nodesWithGpus("b", 1, 2))), null);
    private final PolicyOptions options = PolicyOptions.DEFAULT;

    @Test
    void askingAgainForTheSameJobOfTheSamePlanComputesNothing() {
        Advice first = checks.check(plan, "a", "planner", options);
        for (int i = 0; i < 50; i++) {
            assertThat(checks.check(plan, "a", "planner", options)).isSameAs(first);
            assertThat(checks.remembered(plan, "a", "planner", options)).containsSame(first);
        }
        checks.check(plan, "b", "planner", options);
        assertThat(computed).containsExactly("a@planner", "b@planner");
    }

    @Test
    void anotherPlanPolicyOrSettingsIsAskedAgain() {
        checks.check(plan, "a", "planner", options);
        checks.check(plan, "a", "slurm-tree", options);
        checks.check(plan, "a", "slurm-tree", new PolicyOptions(SlurmVersion.V22_05, "none", "container"));
        Plan edited = plan.withJob(new Job("c", List.of("-N", "1")), null);
        assertThat(checks.remembered(edited, "a", "slurm-tree", options)).isEmpty();
        checks.check(edited, "a", "slurm-tree", options);
        assertThat(computed).hasSize(4);
    }

    @Test
    void anAnswerForAPlanThatIsNoLongerTheNewestIsNotRemembered() {
        Supplier<Advice> onWorker = checks.later(plan, "a", "planner", options);
        Plan edited = plan.withJob(new Job("c", List.of("-N", "1")), null);
        assertThat(checks.remembered(edited, "a", "planner", options)).isEmpty();

        assertThat(onWorker.get().reason()).isEqualTo("a checked under planner");
        assertThat(checks.remembered(edited, "a", "planner", options)).isEmpty();
        assertThat(checks.remembered(plan, "a", "planner", options)).isEmpty();
    }

    @Test
    void anAnswerComputedOnAWorkerIsThereForTheNextAsker() {
        Supplier<Advice> onWorker = checks.later(plan, "a", "planner", options);
        assertThat(computed).isEmpty();
        Advice a = onWorker.get();
        assertThat(checks.remembered(plan, "a", "planner", options)).containsSame(a);
        assertThat(checks.check(plan, "a", "planner", options)).isSameAs(a);
        assertThat(checks.later(plan, "a", "planner", options).get()).isSameAs(a);
        assertThat(computed).containsExactly("a@planner");
    }
}
