package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.allocator.TopologyConstraints;
import org.topoplanner.allocator.kueue.TopologyLevels;
import org.topoplanner.allocator.volcano.HyperNodeTree;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.k8s.TasRequest;

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
    /** The Kueue annotations a PodSet can carry, as the window names them ("none" = no annotation). */
    public static final List<String> KUEUE_MODES = List.of("none", "required", "preferred", "unconstrained");

    public SchedulerChoices {
        tiers = List.copyOf(tiers);
        levels = List.copyOf(levels);
    }

    public static SchedulerChoices of(Cluster cluster) {
        TopologyLevels l = TopologyLevels.of(cluster);
        return new SchedulerChoices(HyperNodeTree.of(cluster).tiers(), l.levels(), l.name());
    }

    /** The Volcano tier choices: no limit, then every tier. */
    public List<String> tierChoices() {
        List<String> out = new ArrayList<>();
        out.add(NO_LIMIT);
        tiers.forEach(t -> out.add(String.valueOf(t)));
        return out;
    }

    /**
     * The constraints for a choice: Volcano {@code mode} ({@code hard}/{@code soft}) and tier (a number
     * or {@link #NO_LIMIT}), a Kueue mode of {@link #KUEUE_MODES} and a level (ignored for none and
     * unconstrained; the level just above the hostname when none is picked).
     */
    public TopologyConstraints constraints(String volcanoMode, String tier, String kueueMode, String level) {
        Integer t = tier == null || tier.equals(NO_LIMIT) ? null : Integer.valueOf(tier);
        TasRequest.Mode mode = switch (kueueMode == null ? "none" : kueueMode) {
            case "required" -> TasRequest.Mode.REQUIRED;
            case "preferred" -> TasRequest.Mode.PREFERRED;
            case "unconstrained" -> TasRequest.Mode.UNCONSTRAINED;
            default -> null;
        };
        String l = null;
        if (mode == TasRequest.Mode.REQUIRED || mode == TasRequest.Mode.PREFERRED) {
            l = level != null && levels.contains(level) ? level : defaultLevel();
        }
        if (l == null) {
            mode = mode == TasRequest.Mode.UNCONSTRAINED ? mode : null;
        }
        return new TopologyConstraints(!"soft".equals(volcanoMode), t, mode, l);
    }

    /** The level a required or preferred annotation starts at: the one just above the hostname (the leaf). */
    public String defaultLevel() {
        if (levels.isEmpty()) {
            return null;
        }
        boolean hostnameLast = levels.get(levels.size() - 1).equals(TopologyLevels.HOSTNAME);
        return levels.size() >= 2 && hostnameLast ? levels.get(levels.size() - 2) : levels.get(levels.size() - 1);
    }
}
