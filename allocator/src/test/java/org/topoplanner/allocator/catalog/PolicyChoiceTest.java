package org.topoplanner.allocator.catalog;

import org.topoplanner.allocator.PolicyOptions;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.k8s.VolcanoMode;
import org.topoplanner.model.project.PolicySettings;
import org.topoplanner.model.project.ViewState;
import org.topoplanner.model.slurm.SlurmVersion;

/** A choice as a project keeps it: every policy, release and kubelet setting comes back as it went. */
class PolicyChoiceTest {
    private static ViewState saved(PolicyChoice c) {
        return new ViewState(null, 1.0, 0, 0, c.id(), "light", c.toSaved());
    }

    @Test
    void everyChoiceComesBackFromTheViewItIsSavedIn() {
        TopologyConstraints t = TopologyConstraints.NONE.withVolcano(VolcanoMode.SOFT, 2)
                .withKueue(KueueMode.PREFERRED, "topoplanner.org/tier-1");
        for (PolicyId id : PolicyId.values()) {
            for (SlurmVersion v : SlurmVersion.values()) {
                for (TopologyManagerPolicy tm : TopologyManagerPolicy.values()) {
                    for (TopologyManagerScope scope : TopologyManagerScope.values()) {
                        PolicyChoice c = new PolicyChoice(id, new PolicyOptions(v, tm, scope, t));
                        assertThat(PolicyChoice.of(saved(c))).isEqualTo(c);
                    }
                }
            }
        }
    }

    @Test
    void aProjectWithoutSettingsOpensUnderItsPolicyWithTheDefaults() {
        ViewState old = new ViewState("leaf1", 2.0, 0, 0, "slurm-tree", "dark");
        assertThat(PolicyChoice.of(old)).isEqualTo(new PolicyChoice(PolicyId.SLURM_TREE,
                PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.UNRECORDED)));
        assertThat(PolicyChoice.of(ViewState.DEFAULT)).isEqualTo(PolicyChoice.DEFAULT);
    }

    @Test
    void whatThisVersionDoesNotKnowFallsBackToTheDefault() {
        PolicySettings future = new PolicySettings(null, TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD,
                TopologyConstraints.NONE);
        PolicyChoice c = PolicyChoice.of(new ViewState(null, 1.0, 0, 0, "slurm-future", "light", future));
        assertThat(c.policy()).isEqualTo(PolicyChoice.DEFAULT.policy());
        // a file that names no release opens as the release its placements were made under then
        assertThat(c.settings().slurmVersion()).isEqualTo(SlurmVersion.UNRECORDED);
        // what it does know is kept
        assertThat(c.settings().topologyManager()).isEqualTo(TopologyManagerPolicy.RESTRICTED);
        assertThat(c.settings().topologyScope()).isEqualTo(TopologyManagerScope.POD);
    }
}
