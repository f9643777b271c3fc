package org.topoplanner.model.k8s;

import java.util.Optional;

/** Volcano's {@code spec.networkTopology.mode}: whether {@code highestTierAllowed} may be exceeded. */
public enum VolcanoMode {
    /** The gang stays within {@code highestTierAllowed} or waits (Volcano's default). */
    HARD("hard"),
    /** The tier limit is a preference: the gang spans wider rather than wait. */
    SOFT("soft");

    private final String word;

    VolcanoMode(String word) {
        this.word = word;
    }

    /** The spelling in a Volcano Job's spec. */
    public String word() {
        return word;
    }

    @Override
    public String toString() {
        return word;
    }

    public static Optional<VolcanoMode> parse(String text) {
        for (VolcanoMode m : values()) {
            if (m.word.equals(text == null ? "" : text.strip())) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
