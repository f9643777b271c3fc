package org.topoplanner.allocator;

import java.util.Optional;

/** The Slurm releases whose placement behaviour the Slurm policies emulate (checked against the real ones). */
public enum SlurmVersion {
    /** Debian 12's 22.05.8: {@code select/cons_tres} with the tree logic in {@code job_test.c}. */
    V22_05("22.05"),
    /** Debian 13's 24.11.5: tree logic in {@code topology/tree/eval_nodes_tree.c}, reworked GRES selection. */
    V24_11("24.11");

    private final String label;

    SlurmVersion(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Reads {@code 22.05}, {@code 24.11} (a patch level such as {@code 24.11.5} is accepted). */
    public static Optional<SlurmVersion> parse(String text) {
        String t = text == null ? "" : text.strip();
        for (SlurmVersion v : values()) {
            if (t.equals(v.label) || t.startsWith(v.label + ".")) {
                return Optional.of(v);
            }
        }
        return Optional.empty();
    }
}
