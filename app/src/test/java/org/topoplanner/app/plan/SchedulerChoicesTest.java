package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.TopologyConstraints;
import org.topoplanner.model.k8s.TasRequest;
import org.topoplanner.resources.ShippedData;

class SchedulerChoicesTest {
    private final SchedulerChoices example = SchedulerChoices.of(ShippedData.exampleCluster());

    @Test
    void offersTheClustersTiersAndLevels() {
        // the example has no HyperNodes or Kueue objects: both come from its three switch tiers
        assertThat(example.tierChoices()).containsExactly("no limit", "1", "2", "3");
        assertThat(example.levels()).containsExactly("topoplanner.org/tier-3", "topoplanner.org/tier-2",
                "topoplanner.org/tier-1", "kubernetes.io/hostname");
        assertThat(example.topology()).isEqualTo("fabric");
        assertThat(example.defaultLevel()).isEqualTo("topoplanner.org/tier-1");
    }

    @Test
    void turnsAChoiceIntoConstraints() {
        assertThat(example.constraints("hard", "no limit", "none", null)).isEqualTo(TopologyConstraints.NONE);
        assertThat(example.constraints("hard", "1", "required", "topoplanner.org/tier-2"))
                .isEqualTo(new TopologyConstraints(true, 1, TasRequest.Mode.REQUIRED, "topoplanner.org/tier-2"));
        // a level the topology does not have falls back to the leaf level
        assertThat(example.constraints("soft", "2", "preferred", "rack"))
                .isEqualTo(new TopologyConstraints(false, 2, TasRequest.Mode.PREFERRED, "topoplanner.org/tier-1"));
        assertThat(example.constraints("hard", null, "unconstrained", "topoplanner.org/tier-2"))
                .isEqualTo(new TopologyConstraints(true, null, TasRequest.Mode.UNCONSTRAINED, null));
    }
}
