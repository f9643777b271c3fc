package org.topoplanner.model.project;

import java.util.Objects;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * What the window showed when the project was saved, so that reopening it looks the same.
 *
 * @param selection the selected element (switch, host or job name), or {@code null}
 * @param zoom      fabric view zoom factor (1 = fit)
 * @param centerX   fabric view centre, in layout units
 * @param centerY   fabric view centre, in layout units
 * @param policy    the policy selector's value ({@code planner}, {@code slurm-tree}, ...)
 * @param theme     {@code light} or {@code dark}
 * @param settings  the settings the policy worked under (Slurm release, Topology Manager, job topology);
 *                  {@code null} in projects saved before they were kept
 */
public record ViewState(String selection, double zoom, double centerX, double centerY, String policy, String theme,
                        PolicySettings settings) {
    /** A new project: the planner, the light theme, the default settings (Slurm 26.05). */
    public static final ViewState DEFAULT = new ViewState(null, 1.0, 0, 0, "planner", "light", PolicySettings.DEFAULT);

    public ViewState {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(theme, "theme");
        if (!(zoom > 0)) {
            throw new IllegalArgumentException("zoom must be positive");
        }
    }

    /** A view without policy settings, as projects saved before they were kept. */
    public ViewState(String selection, double zoom, double centerX, double centerY, String policy, String theme) {
        this(selection, zoom, centerX, centerY, policy, theme, null);
    }

    /**
     * The Slurm release the Slurm policies emulate for this project. A file saved before the release was
     * recorded opens as {@link SlurmVersion#UNRECORDED} (24.11, the window's default then, so its placements
     * were made under 24.11's rules).
     */
    public SlurmVersion slurmVersion() {
        return settings == null || settings.slurmVersion() == null ? SlurmVersion.UNRECORDED : settings.slurmVersion();
    }

    public ViewState withSlurmVersion(SlurmVersion v) {
        PolicySettings s = settings == null ? PolicySettings.DEFAULT : settings;
        return new ViewState(selection, zoom, centerX, centerY, policy, theme, s.withSlurmVersion(v));
    }
}
