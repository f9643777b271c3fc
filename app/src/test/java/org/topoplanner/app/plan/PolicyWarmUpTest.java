package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyId;
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
}
