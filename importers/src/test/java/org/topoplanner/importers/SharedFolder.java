package org.topoplanner.importers;

import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * The project's shared data, {@code ../shared} beside the checkout, as CI lays it out: found from the
 * project root (the folder holding {@code .ci/run}, searched upward from where Maven runs the tests),
 * never at an absolute path, so every checkout finds its own. {@code -Dshared=DIR} overrides it.
 *
 * <p>A test that needs a file from it skips, saying why, when there is no shared folder; when the folder
 * is there but the file is not, it skips locally and fails under CI ({@code CI=true}), where a check
 * that quietly stopped running must not look green.
 */
public final class SharedFolder {
    private SharedFolder() {
    }

    /** {@code ../shared} beside the project root, if it is there. */
    public static Optional<Path> find() {
        String configured = System.getProperty("shared");
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured)).filter(Files::isDirectory);
        }
        return projectRoot().map(r -> r.resolveSibling("shared")).filter(Files::isDirectory);
    }

    /** The checkout's root: the nearest folder at or above the working directory with {@code .ci/run}. */
    static Optional<Path> projectRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve(".ci").resolve("run"))) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** {@code relative} under the shared folder; skips or fails (see above) when it cannot be read. */
    public static Path require(String relative) {
        Optional<Path> shared = find();
        if (shared.isEmpty()) {
            Assumptions.abort("skipped: no shared folder beside the project root "
                    + projectRoot().map(Path::toString).orElse("(no .ci/run above " + Path.of("").toAbsolutePath() + ")")
                    + "; CI lays it out as ../shared, or pass -Dshared=DIR");
        }
        Path file = shared.get().resolve(relative);
        if (!Files.isReadable(file)) {
            String why = shared.get() + " is there but " + relative + " is not readable in it";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(why + " (CI=true: the shared data is expected complete)");
            }
            Assumptions.abort("skipped: " + why);
        }
        return file;
    }
}
