package org.topoplanner.allocator.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.k8s.VolcanoMode;
import org.topoplanner.resources.ShippedData;

/** Which tier limit and which kubelet admissions each policy's declaration brings into a check. */
class SchedulerSettingsTest {
    private final Cluster example = ShippedData.exampleCluster();
    private final ClusterState empty = ClusterState.empty(example);
    private final Placement twoHosts = new Placement("j", List.of(
            HostAllocation.of(example.hostNames().get(0), List.of(0), CpuSet.empty()),
            HostAllocation.of(example.hostNames().get(1), List.of(0), CpuSet.empty())));

    private static PolicyChoice under(PolicyId id, TopologyConstraints t) {
        return PolicyChoice.of(id).withTopology(t);
    }

    @Test
    void aSoftVolcanoTierIsASoftLimitOfVolcanoAndNothingToThePlanner() {
        TopologyConstraints soft = TopologyConstraints.NONE.withVolcano(VolcanoMode.SOFT, 1);
        assertThat(SchedulerTierLimit.of(example, under(PolicyId.VOLCANO, soft)))
                .hasValueSatisfying(l -> assertThat(l).isEqualTo(new TierLimit(1, false,
                        "Volcano highestTierAllowed=1 (mode soft)")));
        assertThat(SchedulerTierLimit.of(example, under(PolicyId.PLANNER, soft))).isEmpty();
        TopologyConstraints hard = soft.withVolcano(VolcanoMode.HARD, 2);
        assertThat(SchedulerTierLimit.of(example, under(PolicyId.PLANNER, hard)))
                .contains(new TierLimit(2, true, "Volcano highestTierAllowed=2"));
        for (PolicyId other : List.of(PolicyId.SLURM_TREE, PolicyId.SLURM_BLOCK, PolicyId.K8S_DEFAULT, PolicyId.KUEUE_TAS)) {
            assertThat(SchedulerTierLimit.of(example, under(other, hard))).as(other.id()).isEmpty();
        }
    }

    @Test
    void aPreferredKueueLevelBindsOnlyKueueAndARequiredOneThePlannerToo() {
        TopologyConstraints preferred = TopologyConstraints.NONE.withKueue(KueueMode.PREFERRED, "topoplanner.org/tier-1");
        assertThat(SchedulerTierLimit.of(example, under(PolicyId.KUEUE_TAS, preferred)))
                .contains(new TierLimit(1, false, "Kueue podset-preferred-topology=topoplanner.org/tier-1"));
        assertThat(SchedulerTierLimit.of(example, under(PolicyId.PLANNER, preferred))).isEmpty();
        TopologyConstraints required = TopologyConstraints.NONE.withKueue(KueueMode.REQUIRED, "topoplanner.org/tier-1");
        assertThat(SchedulerTierLimit.of(example, under(PolicyId.PLANNER, required)))
                .contains(new TierLimit(1, true, "Kueue podset-required-topology=topoplanner.org/tier-1"));
        assertThat(SchedulerTierLimit.of(example, under(PolicyId.VOLCANO, required))).isEmpty();
    }

    @Test
    void aHardLimitBeatsASofterOneAndTheLowerTierWins() {
        TopologyConstraints both = TopologyConstraints.NONE.withVolcano(VolcanoMode.HARD, 2)
                .withKueue(KueueMode.REQUIRED, "topoplanner.org/tier-1");
        assertThat(SchedulerTierLimit.of(example, under(PolicyId.PLANNER, both))).map(TierLimit::highestTier).contains(1);
    }

    @Test
    void kubeletAdmissionsAreCheckedWherePodsMeetAKubelet() {
        PolicyChoice none = PolicyChoice.of(PolicyId.K8S_DEFAULT);
        assertThat(SchedulerSettings.options(empty, twoHosts, none).admissions()).hasSize(2)
                .allSatisfy(a -> assertThat(a.policy()).isEqualTo(TopologyManagerPolicy.NONE));
        assertThat(SchedulerSettings.options(empty, twoHosts, none.withPolicy(PolicyId.SLURM_TREE)).admissions()).isEmpty();
        assertThat(SchedulerSettings.options(empty, twoHosts, none.withPolicy(PolicyId.PLANNER)).admissions()).isEmpty();
        PolicyChoice restricted = none.withPolicy(PolicyId.PLANNER)
                .withTopologyManager(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD);
        assertThat(SchedulerSettings.options(empty, twoHosts, restricted).admissions()).hasSize(2)
                .allSatisfy(a -> assertThat(a.scope()).isEqualTo(TopologyManagerScope.POD));
    }
}
