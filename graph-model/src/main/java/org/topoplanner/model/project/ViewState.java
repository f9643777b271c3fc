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
 * @param slurmVersion the Slurm release the Slurm policies emulate for this project (a file saved before
 *                     it was recorded opens as {@link SlurmVersion#UNRECORDED})
 */
public record ViewState(String selection, double zoom, double centerX, double centerY, String policy, String theme,
                        SlurmVersion slurmVersion) {
    public static final ViewState DEFAULT = new ViewState(null, 1.0, 0, 0, "planner", "light", SlurmVersion.DEFAULT);

    public ViewState {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(theme, "theme");
        Objects.requireNonNull(slurmVersion, "slurmVersion");
        if (!(zoom > 0)) {
            throw new IllegalArgumentException("zoom must be positive");
        }
    }

    /** A view with the default Slurm version (a new project). */
    public ViewState(String selection, double zoom, double centerX, double centerY, String policy, String theme) {
        this(selection, zoom, centerX, centerY, policy, theme, SlurmVersion.DEFAULT);
    }

    public ViewState withSlurmVersion(SlurmVersion v) {
        return new ViewState(selection, zoom, centerX, centerY, policy, theme, v);
    }
}
