package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.k8s.VolcanoMode;
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
    void offersEveryModeOfTheSpecsNoAnnotationFirst() {
        assertThat(SchedulerChoices.volcanoModes()).extracting(VolcanoMode::word).containsExactly("hard", "soft");
        assertThat(SchedulerChoices.kueueModes()).extracting(KueueMode::word)
                .containsExactly("none", "required", "preferred", "unconstrained");
    }

    @Test
    void turnsAChoiceIntoConstraints() {
        assertThat(example.constraints(VolcanoMode.HARD, "no limit", KueueMode.NONE, null)).isEqualTo(TopologyConstraints.NONE);
        assertThat(example.constraints(VolcanoMode.HARD, "1", KueueMode.REQUIRED, "topoplanner.org/tier-2"))
                .isEqualTo(new TopologyConstraints(VolcanoMode.HARD, 1, KueueMode.REQUIRED, "topoplanner.org/tier-2"));
        // a level the topology does not have falls back to the leaf level
        assertThat(example.constraints(VolcanoMode.SOFT, "2", KueueMode.PREFERRED, "rack"))
                .isEqualTo(new TopologyConstraints(VolcanoMode.SOFT, 2, KueueMode.PREFERRED, "topoplanner.org/tier-1"));
        assertThat(example.constraints(VolcanoMode.HARD, null, KueueMode.UNCONSTRAINED, "topoplanner.org/tier-2"))
                .isEqualTo(new TopologyConstraints(VolcanoMode.HARD, null, KueueMode.UNCONSTRAINED, null));
    }
}
