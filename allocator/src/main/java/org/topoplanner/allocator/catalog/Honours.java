package org.topoplanner.allocator.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.topoplanner.allocator.PolicyOptions;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.VolcanoMode;

/**
 * What one policy follows of the settings in a {@link PolicyOptions}, as declared in
 * {@link PolicyCatalog}. Validation reads it to judge a placement the way that scheduler would: the
 * kubelet's admission only where pods meet a kubelet, a Volcano or Kueue tier limit only where that
 * scheduler (or the planner, which takes the hard ones) reads the job's spec.
 *
 * @param slurmVersion the policy behaves like the chosen Slurm release
 * @param kubelet      when the kubelet's Topology Manager decides whether a pod is admitted
 * @param volcanoTier  the Volcano {@code networkTopology.mode}s under which {@code highestTierAllowed} is a
 *                     limit for this policy (hard ones are hard limits, a soft one is a soft limit)
 * @param kueueLevel   the Kueue annotations whose level is a limit for this policy ({@code required} hard,
 *                     {@code preferred} soft)
 * @param grouping     the fabric grouping the policy keeps a job within
 */
public record Honours(boolean slurmVersion, KubeletAdmission kubelet, Set<VolcanoMode> volcanoTier,
                      Set<KueueMode> kueueLevel, Grouping grouping) {

    /** When the kubelet's Topology Manager admission matters to a policy. */
    public enum KubeletAdmission {
        /** Slurm: no kubelet is involved. */
        NEVER,
        /** Pods meet a kubelet on every node, whatever its policy ({@code none} admits all, and says so). */
        ALWAYS,
        /** The planner steers clear of refusals, so only a policy that can refuse counts. */
        WHEN_ALIGNING
    }

    /** The fabric grouping a policy keeps a job within. */
    public enum Grouping {
        /** Slurm {@code topology/tree}: the switches of {@code topology.conf}, {@code --switches}. */
        SLURM_SWITCHES("the switches of topology.conf (--switches)"),
        /** Slurm {@code topology/block}: base blocks and their aggregates, {@code --segment}. */
        SLURM_BLOCKS("the blocks of topology.conf (--segment)"),
        /** None: the default scheduler scores nodes one by one. */
        NONE("no fabric grouping: nodes are scored one by one"),
        /** Kueue's Topology levels (node labels), widest first. */
        KUEUE_LEVELS("the levels of the Kueue Topology"),
        /** Volcano's HyperNode tiers. */
        HYPERNODE_TIERS("the tiers of the HyperNodes"),
        /** The fabric's own tiers, spanning the lowest that fits. */
        FABRIC_TIERS("the lowest fabric tier that fits");

        private final String words;

        Grouping(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    public Honours {
        Objects.requireNonNull(kubelet, "kubelet");
        Objects.requireNonNull(grouping, "grouping");
        volcanoTier = volcanoTier.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(volcanoTier));
        kueueLevel = kueueLevel.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(kueueLevel));
    }

    /** Whether the kubelet's admission of each pod is part of judging a placement under {@code tm}. */
    public boolean kubeletAdmits(TopologyManagerPolicy tm) {
        return switch (kubelet) {
            case NEVER -> false;
            case ALWAYS -> true;
            case WHEN_ALIGNING -> tm != TopologyManagerPolicy.NONE;
        };
    }

    /**
     * What the policy follows, in one line for a tooltip: for {@code planner} "Groups by the lowest fabric
     * tier that fits. Follows the Topology Manager when it can refuse a pod, Volcano highestTierAllowed
     * (hard), Kueue level (required)."
     */
    public String summary() {
        List<String> follows = new ArrayList<>();
        if (slurmVersion) {
            follows.add("the Slurm release");
        }
        switch (kubelet) {
            case ALWAYS -> follows.add("the Topology Manager (policy and scope)");
            case WHEN_ALIGNING -> follows.add("the Topology Manager when it can refuse a pod");
            case NEVER -> { }
        }
        if (!volcanoTier.isEmpty()) {
            follows.add("Volcano highestTierAllowed ("
                    + words(volcanoTier.stream().sorted().map(VolcanoMode::word)) + ")");
        }
        if (!kueueLevel.isEmpty()) {
            follows.add("Kueue level (" + words(kueueLevel.stream().sorted().map(KueueMode::word)) + ")");
        }
        String groups = "Groups by " + grouping.words() + ".";
        return follows.isEmpty() ? groups : groups + " Follows " + String.join(", ", follows) + ".";
    }

    private static String words(Stream<String> s) {
        return String.join(", ", s.toList());
    }

    /** Whether the Topology Manager settings change anything this policy does. */
    public boolean topologyManager() {
        return kubelet != KubeletAdmission.NEVER;
    }
}
