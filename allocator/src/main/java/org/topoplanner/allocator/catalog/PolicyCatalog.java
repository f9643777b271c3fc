package org.topoplanner.allocator.catalog;

import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.topoplanner.allocator.catalog.Honours.Grouping;
import org.topoplanner.allocator.catalog.Honours.KubeletAdmission;
import org.topoplanner.allocator.k8s.K8sDefaultPolicy;
import org.topoplanner.allocator.kueue.KueueTasPolicy;
import org.topoplanner.allocator.kueue.TopologyLevels;
import org.topoplanner.allocator.planner.PlannerPolicy;
import org.topoplanner.allocator.slurm.SlurmBlockPolicy;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.allocator.volcano.HyperNodeTree;
import org.topoplanner.allocator.volcano.VolcanoPolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.VolcanoMode;

/**
 * Every placement policy with what it honours of the settings, and the one door through which the
 * window and the command line reach the schedulers' packages: they name a {@link PolicyChoice}, this
 * builds the policy; they ask what a cluster offers the job-topology settings, this reads it as the
 * schedulers do.
 */
public final class PolicyCatalog {
    private record Entry(Function<PolicyOptions, PlacementPolicy> factory, Honours honours) {
    }

    private static final Map<PolicyId, Entry> ENTRIES = new EnumMap<>(PolicyId.class);

    static {
        ENTRIES.put(PolicyId.SLURM_TREE, new Entry(SlurmTreePolicy::new,
                new Honours(true, KubeletAdmission.NEVER, Set.of(), Set.of(), Grouping.SLURM_SWITCHES)));
        // 24.11 is the oldest release here with topology/block, so the version changes nothing (yet)
        ENTRIES.put(PolicyId.SLURM_BLOCK, new Entry(SlurmBlockPolicy::new,
                new Honours(false, KubeletAdmission.NEVER, Set.of(), Set.of(), Grouping.SLURM_BLOCKS)));
        ENTRIES.put(PolicyId.K8S_DEFAULT, new Entry(K8sDefaultPolicy::new,
                new Honours(false, KubeletAdmission.ALWAYS, Set.of(), Set.of(), Grouping.NONE)));
        ENTRIES.put(PolicyId.KUEUE_TAS, new Entry(KueueTasPolicy::new, new Honours(false, KubeletAdmission.ALWAYS,
                Set.of(), Set.of(KueueMode.REQUIRED, KueueMode.PREFERRED), Grouping.KUEUE_LEVELS)));
        ENTRIES.put(PolicyId.VOLCANO, new Entry(VolcanoPolicy::new, new Honours(false, KubeletAdmission.ALWAYS,
                Set.of(VolcanoMode.HARD, VolcanoMode.SOFT), Set.of(), Grouping.HYPERNODE_TIERS)));
        // The optimum honours the hard ones among the settings: the kubelet's Topology Manager when it can
        // refuse, Volcano's highestTierAllowed in hard mode, Kueue's required level. The soft ones need
        // nothing from it: it already spans the lowest tier it can.
        ENTRIES.put(PolicyId.PLANNER, new Entry(PlannerPolicy::new, new Honours(false, KubeletAdmission.WHEN_ALIGNING,
                Set.of(VolcanoMode.HARD), Set.of(KueueMode.REQUIRED), Grouping.FABRIC_TIERS)));
    }

    private PolicyCatalog() {
    }

    /** The policies in the order the window and {@code compare} show them. */
    public static List<PolicyId> policies() {
        return List.of(PolicyId.values());
    }

    /** Their command-line spellings, in that order. */
    public static List<String> ids() {
        return PolicyId.ids();
    }

    public static PlacementPolicy create(PolicyChoice choice) {
        return ENTRIES.get(choice.policy()).factory().apply(choice.settings());
    }

    public static Honours honours(PolicyId policy) {
        return ENTRIES.get(policy).honours();
    }

    /** What the job's Volcano and Kueue settings can name on {@code cluster}. */
    public static SchedulerLevels levels(Cluster cluster) {
        TopologyLevels kueue = TopologyLevels.of(cluster);
        return new SchedulerLevels(HyperNodeTree.of(cluster).tiers(), kueue.name(), kueue.levels());
    }
}
