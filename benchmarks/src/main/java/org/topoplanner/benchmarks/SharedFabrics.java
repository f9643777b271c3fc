package org.topoplanner.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the shared ibsim fabrics are: {@code -Dshared=DIR}, else {@code ../shared} next to the
 * repository (Maven runs the benchmarks from the module folder, so two levels up), else
 * /work/shared, where a git worktree elsewhere still finds them.
 */
final class SharedFabrics {
    private SharedFabrics() {
    }

    static Path ibsim() {
        String configured = System.getProperty("shared");
        if (configured != null) {
            return Path.of(configured, "fabrics", "ibsim");
        }
        Path besideRepository = Path.of("..", "..", "shared", "fabrics", "ibsim").toAbsolutePath().normalize();
        return Files.isDirectory(besideRepository) ? besideRepository : Path.of("/work/shared/fabrics/ibsim");
    }
}
