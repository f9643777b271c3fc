package org.topoplanner.model.slurm;

import java.util.List;
import java.util.Optional;

/**
 * The Slurm releases whose placement behaviour the Slurm policies emulate, each checked against the real
 * one. A setting shared by the command line ({@code --slurm-version}), the window, export and the project
 * file; declared oldest first, so {@link #atLeast} orders them.
 */
public enum SlurmVersion {
    /** Debian 12's 22.05.8: {@code select/cons_tres} with the tree logic in {@code job_test.c}; no topology/block. */
    V22_05("22.05"),
    /** Debian 13's 24.11.5: tree logic in {@code topology/tree/eval_nodes_tree.c}, reworked GRES selection. */
    V24_11("24.11"),
    /** Debian unstable's 26.05.5: one-node jobs take the first node that fits; block segments may span blocks. */
    V26_05("26.05");

    /** What a version is when nobody chose one: the newest. */
    public static final SlurmVersion DEFAULT = V26_05;

    /**
     * The version a project file saved before the version was stored means: the window's default then
     * was 24.11, so its placements were made under 24.11's rules.
     */
    public static final SlurmVersion UNRECORDED = V24_11;

    private final String label;

    SlurmVersion(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Whether this release has {@code other}'s behaviour changes (it is {@code other} or newer). */
    public boolean atLeast(SlurmVersion other) {
        return compareTo(other) >= 0;
    }

    /** Whether Slurm has {@code topology/block} (23.11 and newer). */
    public boolean hasBlockTopology() {
        return atLeast(V24_11);
    }

    /**
     * Whether slurmctld reads {@code topology.yaml} and a partition's {@code Topology=} (25.05 and newer: 26.05
     * here; 24.11's {@code read_config.c} has no {@code Topology} partition key and no topology.yaml loader).
     */
    public boolean hasTopologyYaml() {
        return atLeast(V26_05);
    }

    /** The labels, newest first (for menus and help texts). */
    public static List<String> labels() {
        return List.of(V26_05.label, V24_11.label, V22_05.label);
    }

    /** Reads {@code 22.05}, {@code 24.11}, {@code 26.05} (a patch level such as {@code 24.11.5} is accepted). */
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
