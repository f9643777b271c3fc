package org.topoplanner.model.job;

import java.util.List;
import java.util.Objects;

/**
 * A job of a plan: its name and its request in sbatch's own option spelling
 * ({@code ["-N", "4", "--gpus-per-node=8"]}), which is what users write and what project files keep.
 */
public record Job(String name, List<String> sbatch) {
    public Job {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a job needs a name");
        }
        sbatch = List.copyOf(sbatch);
    }
}
