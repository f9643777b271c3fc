package org.topoplanner.app.plan;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.project.ProjectCodec;

/**
 * Sorts the files a user hands the program (on the command line or dropped on the window) into the
 * projects to open and the sources to import: a project is a {@code topoplanner.project/1} document,
 * told by its content (its first 4 KB), whatever its name; everything else is a source for the import
 * review, which reports what it cannot read with file, line and column.
 */
public record ProjectFiles(List<Path> projects, List<Path> sources) {
    public ProjectFiles {
        projects = List.copyOf(projects);
        sources = List.copyOf(sources);
    }

    public static ProjectFiles sort(List<Path> files) {
        List<Path> projects = new ArrayList<>();
        List<Path> sources = new ArrayList<>();
        for (Path f : files) {
            (isProject(f) ? projects : sources).add(f);
        }
        return new ProjectFiles(projects, sources);
    }

    /** True for a regular file whose head is a project document; folders and unreadable files are sources. */
    public static boolean isProject(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(4096);
            return ProjectCodec.looksLikeProject(new String(head, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return false;
        }
    }
}
