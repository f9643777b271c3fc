package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.SchedulerLevels;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.k8s.VolcanoMode;

/**
 * What the window offers for a job's Volcano {@code networkTopology} and Kueue PodSet annotation on one
 * cluster (the HyperNode tiers it has, the levels of its Kueue Topology or fabric), and how a choice
 * becomes {@link TopologyConstraints}. Kept apart from the controls so it is tested without JavaFX.
 *
 * @param tiers  HyperNode tiers present, ascending (from the cluster's HyperNodes, else its fabric)
 * @param levels Kueue Topology levels, widest first
 * @param topology the name of the Kueue Topology the levels come from ({@code fabric} when derived)
 */
public record SchedulerChoices(List<Integer> tiers, List<String> levels, String topology) {
    /** The choice that sets no Volcano limit. */
    public static final String NO_LIMIT = "no limit";

    public SchedulerChoices {
        tiers = List.copyOf(tiers);
        levels = List.copyOf(levels);
    }

    public static SchedulerChoices of(Cluster cluster) {
        SchedulerLevels l = PolicyCatalog.levels(cluster);
        return new SchedulerChoices(l.volcanoTiers(), l.kueueLevels(), l.kueueTopology());
    }

    /** The Volcano modes, as the spec spells them. */
    public static List<VolcanoMode> volcanoModes() {
        return List.of(VolcanoMode.values());
    }

    /** The Kueue annotations a PodSet can carry, {@code none} (no annotation) first. */
    public static List<KueueMode> kueueModes() {
        return List.of(KueueMode.values());
    }

    /** The Volcano tier choices: no limit, then every tier. */
    public List<String> tierChoices() {
        List<String> out = new ArrayList<>();
        out.add(NO_LIMIT);
        tiers.forEach(t -> out.add(String.valueOf(t)));
        return out;
    }

    /**
     * The constraints for a choice: Volcano {@code mode} ({@code null}: hard, Volcano's default) and tier (a
     * number or {@link #NO_LIMIT}), a Kueue annotation ({@code null}: none) and a level (ignored for none and
     * unconstrained; the level just above the hostname when none is picked).
     */
    public TopologyConstraints constraints(VolcanoMode volcanoMode, String tier, KueueMode kueueMode, String level) {
        Integer t = tier == null || tier.equals(NO_LIMIT) ? null : Integer.valueOf(tier);
        KueueMode mode = kueueMode == null || kueueMode == KueueMode.NONE ? null : kueueMode;
        String l = null;
        if (mode != null && mode.takesLevel()) {
            l = level != null && levels.contains(level) ? level : defaultLevel();
        }
        if (l == null) {
            mode = mode == KueueMode.UNCONSTRAINED ? mode : null;
        }
        return new TopologyConstraints(volcanoMode == null ? VolcanoMode.HARD : volcanoMode, t, mode, l);
    }

    /** The level a required or preferred annotation starts at: the one just above the hostname (the leaf). */
    public String defaultLevel() {
        if (levels.isEmpty()) {
            return null;
        }
        boolean hostnameLast = levels.get(levels.size() - 1).equals(SchedulerLevels.HOSTNAME);
        return levels.size() >= 2 && hostnameLast ? levels.get(levels.size() - 2) : levels.get(levels.size() - 1);
    }
}
