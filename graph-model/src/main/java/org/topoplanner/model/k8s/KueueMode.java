package org.topoplanner.model.k8s;

import java.util.Optional;

/**
 * Which {@code kueue.x-k8s.io/podset-*-topology} annotation a PodSet carries, and so how Kueue's
 * Topology Aware Scheduling constrains it as a whole.
 */
public enum KueueMode {
    /** No annotation. */
    NONE("none"),
    /** {@code podset-required-topology}: all pods in one domain of the level, or the workload waits. */
    REQUIRED("required"),
    /** {@code podset-preferred-topology}: one domain of the level if possible, else wider. */
    PREFERRED("preferred"),
    /** {@code podset-unconstrained-topology: "true"}: TAS places the pods without a level. */
    UNCONSTRAINED("unconstrained");

    private final String word;

    KueueMode(String word) {
        this.word = word;
    }

    /** The word of the annotation's name ({@code podset-<word>-topology}); {@code none} for no annotation. */
    public String word() {
        return word;
    }

    @Override
    public String toString() {
        return word;
    }

    /** Whether the annotation names a level (required and preferred do). */
    public boolean takesLevel() {
        return this == REQUIRED || this == PREFERRED;
    }

    public static Optional<KueueMode> parse(String text) {
        for (KueueMode m : values()) {
            if (m.word.equals(text == null ? "" : text.strip())) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
