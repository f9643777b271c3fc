package org.topoplanner.model.k8s;

import java.util.Objects;
import java.util.Optional;
import org.topoplanner.model.job.JobRequest;

/**
 * What a Kubernetes job's own spec says about fabric locality, beyond sbatch's options: Volcano's
 * {@code spec.networkTopology} and the Kueue PodSet topology annotation. The {@code volcano} and
 * {@code kueue-tas} policies behave by them; the {@code planner} takes the hard ones (Volcano
 * {@code mode: hard} with {@code highestTierAllowed}, Kueue {@code podset-required-topology}) as hard
 * constraints, and the soft ones need nothing from it, since it already spans the lowest tier it can.
 *
 * @param volcanoMode        {@code networkTopology.mode}
 * @param volcanoHighestTier {@code networkTopology.highestTierAllowed}; {@code null} = no limit
 * @param kueueMode          which {@code kueue.x-k8s.io/podset-*-topology} annotation the PodSet carries;
 *                           {@code null} = none given (the {@code kueue-tas} policy then prefers the
 *                           leaf level)
 * @param kueueLevel         the annotation's level (a node label key of the Kueue Topology); {@code null}
 *                           for {@code unconstrained} and when no annotation is given
 */
public record TopologyConstraints(VolcanoMode volcanoMode, Integer volcanoHighestTier, KueueMode kueueMode,
                                  String kueueLevel) {
    /** Volcano hard mode without a tier limit (the lowest tier that fits wins), no Kueue annotation. */
    public static final TopologyConstraints NONE = new TopologyConstraints(VolcanoMode.HARD, null, null, null);

    public TopologyConstraints {
        java.util.Objects.requireNonNull(volcanoMode, "volcanoMode");
        if (volcanoHighestTier != null && volcanoHighestTier < 1) {
            throw new IllegalArgumentException("highestTierAllowed must be at least 1, not " + volcanoHighestTier);
        }
        if (kueueMode == KueueMode.NONE) {
            kueueMode = null;
        }
        boolean needsLevel = kueueMode != null && kueueMode.takesLevel();
        if (needsLevel && (kueueLevel == null || kueueLevel.isBlank())) {
            throw new IllegalArgumentException("a Kueue " + kueueMode.word() + " topology needs a level");
        }
        if (!needsLevel && kueueLevel != null) {
            throw new IllegalArgumentException("Kueue level " + kueueLevel + " without required or preferred");
        }
    }

    /** Volcano's hard mode, where {@code highestTierAllowed} is a limit rather than a preference. */
    public boolean volcanoHard() {
        return volcanoMode == VolcanoMode.HARD;
    }

    /** The Volcano tier the planner must stay within: set only in hard mode with a limit. */
    public Optional<Integer> hardVolcanoTier() {
        return volcanoHard() ? Optional.ofNullable(volcanoHighestTier) : Optional.empty();
    }

    /** The Kueue level the planner must stay within: set only for {@code podset-required-topology}. */
    public Optional<String> requiredKueueLevel() {
        return kueueMode == KueueMode.REQUIRED ? Optional.of(kueueLevel) : Optional.empty();
    }

    /** The PodSet's TAS request for {@code job}, as Kueue would read it from the annotations; empty when none. */
    public Optional<TasRequest> tasRequest(JobRequest job) {
        Objects.requireNonNull(job, "job");
        if (kueueMode == null) {
            return Optional.empty();
        }
        return Optional.of(new TasRequest(job.name(), "main", 0, null,
                kueueMode == KueueMode.REQUIRED ? kueueLevel : null,
                kueueMode == KueueMode.PREFERRED ? kueueLevel : null,
                kueueMode == KueueMode.UNCONSTRAINED, null, null, java.util.List.of(), null));
    }

    /** The settings in the words of the specs they come from, for sentences; empty when there are none. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        if (volcanoHighestTier != null || !volcanoHard()) {
            b.append("Volcano networkTopology mode=").append(volcanoMode.word());
            if (volcanoHighestTier != null) {
                b.append(" highestTierAllowed=").append(volcanoHighestTier);
            }
        }
        if (kueueMode != null) {
            if (b.length() > 0) {
                b.append("; ");
            }
            b.append("Kueue podset-").append(kueueMode.word()).append("-topology");
            b.append(kueueLevel == null ? "" : "=" + kueueLevel);
        }
        return b.toString();
    }

    public TopologyConstraints withVolcano(VolcanoMode mode, Integer highestTier) {
        return new TopologyConstraints(mode, highestTier, kueueMode, kueueLevel);
    }

    public TopologyConstraints withKueue(KueueMode mode, String level) {
        return new TopologyConstraints(volcanoMode, volcanoHighestTier, mode, level);
    }
}
