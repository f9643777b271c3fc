package org.topoplanner.allocator.catalog;

import org.topoplanner.model.slurm.SlurmVersion;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.VolcanoMode;
import org.topoplanner.resources.ShippedData;

class PolicyCatalogTest {
    @Test
    void everyPolicyIsBuiltUnderItsOwnName() {
        for (PolicyId id : PolicyCatalog.policies()) {
            assertThat(PolicyChoice.of(id).create().id()).isEqualTo(id.id());
        }
        assertThat(PolicyCatalog.ids()).containsExactly("slurm-tree", "slurm-block", "k8s-default", "kueue-tas",
                "volcano", "planner");
    }

    @Test
    void idsReadBackAndNothingElseDoes() {
        for (PolicyId id : PolicyId.values()) {
            assertThat(PolicyId.parse(id.id())).contains(id);
            assertThat(id).hasToString(id.id());
        }
        assertThat(PolicyId.parse("SLURM_TREE")).isEmpty();
        assertThat(PolicyId.parse("slurm")).isEmpty();
    }

    @Test
    void onlyPoliciesWhosePodsMeetAKubeletFollowTheTopologyManager() {
        for (TopologyManagerPolicy tm : TopologyManagerPolicy.values()) {
            assertThat(PolicyCatalog.honours(PolicyId.SLURM_TREE).kubeletAdmits(tm)).isFalse();
            assertThat(PolicyCatalog.honours(PolicyId.SLURM_BLOCK).kubeletAdmits(tm)).isFalse();
            assertThat(PolicyCatalog.honours(PolicyId.K8S_DEFAULT).kubeletAdmits(tm)).isTrue();
            assertThat(PolicyCatalog.honours(PolicyId.VOLCANO).kubeletAdmits(tm)).isTrue();
            assertThat(PolicyCatalog.honours(PolicyId.KUEUE_TAS).kubeletAdmits(tm)).isTrue();
            // the planner avoids refusals; a kubelet that never refuses changes nothing for it
            assertThat(PolicyCatalog.honours(PolicyId.PLANNER).kubeletAdmits(tm)).isEqualTo(tm != TopologyManagerPolicy.NONE);
        }
        assertThat(PolicyCatalog.honours(PolicyId.SLURM_TREE).topologyManager()).isFalse();
        assertThat(PolicyCatalog.honours(PolicyId.PLANNER).topologyManager()).isTrue();
    }

    @Test
    void thePlannerTakesOnlyTheHardTopologySettings() {
        Honours planner = PolicyCatalog.honours(PolicyId.PLANNER);
        assertThat(planner.volcanoTier()).containsExactly(VolcanoMode.HARD);
        assertThat(planner.kueueLevel()).containsExactly(KueueMode.REQUIRED);
        assertThat(PolicyCatalog.honours(PolicyId.VOLCANO).volcanoTier()).containsExactlyInAnyOrder(VolcanoMode.values());
        assertThat(PolicyCatalog.honours(PolicyId.VOLCANO).kueueLevel()).isEmpty();
        assertThat(PolicyCatalog.honours(PolicyId.KUEUE_TAS).kueueLevel())
                .containsExactlyInAnyOrder(KueueMode.REQUIRED, KueueMode.PREFERRED);
        assertThat(PolicyCatalog.honours(PolicyId.SLURM_TREE).slurmVersion()).isTrue();
        assertThat(PolicyCatalog.honours(PolicyId.K8S_DEFAULT).slurmVersion()).isFalse();
    }

    @Test
    void eachPolicySaysWhatItFollows() {
        assertThat(PolicyCatalog.honours(PolicyId.PLANNER).summary()).isEqualTo("Groups by the lowest fabric tier that"
                + " fits. Follows the Topology Manager when it can refuse a pod, Volcano highestTierAllowed (hard),"
                + " Kueue level (required).");
        assertThat(PolicyCatalog.honours(PolicyId.SLURM_TREE).summary())
                .isEqualTo("Groups by the switches of topology.conf (--switches). Follows the Slurm release.");
        assertThat(PolicyCatalog.honours(PolicyId.VOLCANO).summary()).contains("(hard, soft)")
                .contains("the Topology Manager (policy and scope)");
        assertThat(PolicyCatalog.honours(PolicyId.KUEUE_TAS).summary()).contains("Kueue level (required, preferred)");
    }

    @Test
    void theChoiceKeepsItsSettingsWhenThePolicyChanges() {
        PolicyChoice c = PolicyChoice.DEFAULT.withSlurmVersion(SlurmVersion.V22_05)
                .withTopologyManager(TopologyManagerPolicy.RESTRICTED, org.topoplanner.model.k8s.TopologyManagerScope.POD);
        PolicyChoice back = c.withPolicy(PolicyId.SLURM_TREE).withPolicy(PolicyId.PLANNER);
        assertThat(back).isEqualTo(c);
        assertThat(c.withPolicy(PolicyId.VOLCANO).settings()).isSameAs(c.settings());
    }

    @Test
    void theLevelsAreThoseTheSchedulersReadFromTheCluster() {
        SchedulerLevels l = PolicyCatalog.levels(ShippedData.exampleCluster());
        assertThat(l.volcanoTiers()).isNotEmpty().isSorted();
        assertThat(l.kueueLevels()).last().isEqualTo(SchedulerLevels.HOSTNAME);
        assertThat(l.kueueTopology()).isNotBlank();
    }
}
