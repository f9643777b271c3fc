package org.topoplanner.app.plan;

import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Optional;

/**
 * An autosave left on disk: its file, the project file it belongs to (empty for an untitled project)
 * and when it was written.
 */
public record Autosave(Path path, Optional<Path> project, FileTime written) {
    /** The project's file name, or "an untitled project", for the recovery prompt. */
    public String projectLabel() {
        return project.map(p -> p.getFileName().toString()).orElse("an untitled project");
    }
}
