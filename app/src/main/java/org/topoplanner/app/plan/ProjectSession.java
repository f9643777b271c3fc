package org.topoplanner.app.plan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.topoplanner.model.project.AtomicFiles;
import org.topoplanner.model.project.ProjectCodec;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.model.project.ProjectFormatException;

/**
 * The project file behind a window: open, save, save as (atomic), autosave next to the user's
 * settings, recovery after a crash, and the recent-files list.
 *
 * <p>Autosave writes {@code <home>/autosave/<name>.topoplanner.json}; a clean exit deletes it, so one
 * that survives a start is a crash's leftover and is offered for recovery when it is newer than the
 * saved file.
 */
public final class ProjectSession {
    private static final int RECENT_LIMIT = 10;
    private final Path home;
    private final ProjectCodec codec = new ProjectCodec();
    private Path file;

    public ProjectSession(Path home) {
        this.home = home;
    }

    /** The settings folder: {@code ~/.topoplanner} unless overridden (tests use a temporary one). */
    public static Path defaultHome() {
        String override = System.getProperty("topoplanner.home");
        return override != null ? Path.of(override) : Path.of(System.getProperty("user.home"), ".topoplanner");
    }

    public Optional<Path> file() {
        return Optional.ofNullable(file);
    }

    /** Reads a project; the open one stays untouched when this throws. */
    public ProjectDocument open(Path path) throws IOException, ProjectFormatException {
        ProjectDocument doc = codec.load(path);
        file = path;
        remember(path);
        return doc;
    }

    public void save(ProjectDocument doc) throws IOException {
        if (file == null) {
            throw new IllegalStateException("no file yet: use saveAs");
        }
        codec.save(doc, file);
        deleteAutosave();
    }

    public void saveAs(ProjectDocument doc, Path path) throws IOException {
        codec.save(doc, path);
        deleteAutosave();
        file = path;
        remember(path);
    }

    /** Starts a project that has no file yet (New cluster, the example). */
    public void detach() {
        file = null;
    }

    public void autosave(ProjectDocument doc) throws IOException {
        AtomicFiles.writeString(autosavePath(), codec.write(doc));
    }

    /** A crash's autosave, if one is newer than the project file (or there is no file). */
    public Optional<Path> recoverable() {
        Path a = autosavePath();
        if (!Files.exists(a)) {
            return Optional.empty();
        }
        try {
            FileTime saved = file != null && Files.exists(file) ? Files.getLastModifiedTime(file) : FileTime.fromMillis(0);
            return Files.getLastModifiedTime(a).compareTo(saved) > 0 ? Optional.of(a) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    public ProjectDocument recover(Path autosave) throws IOException, ProjectFormatException {
        return codec.load(autosave);
    }

    /** Called on a clean exit and after each save: nothing left to recover. */
    public void deleteAutosave() throws IOException {
        Files.deleteIfExists(autosavePath());
    }

    Path autosavePath() {
        String name = file == null ? "untitled" : file.getFileName().toString().replaceAll("\\.json$", "");
        return home.resolve("autosave").resolve(name + ".json");
    }

    /** Recently opened or saved projects, newest first, only those that still exist. */
    public List<Path> recent() {
        Path list = home.resolve("recent.txt");
        if (!Files.exists(list)) {
            return List.of();
        }
        try {
            return Files.readAllLines(list).stream().filter(l -> !l.isBlank()).map(Path::of)
                    .filter(Files::exists).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private void remember(Path path) throws IOException {
        List<Path> list = new ArrayList<>(recent());
        Path abs = path.toAbsolutePath().normalize();
        list.removeIf(p -> p.toAbsolutePath().normalize().equals(abs));
        list.add(0, abs);
        if (list.size() > RECENT_LIMIT) {
            list = list.subList(0, RECENT_LIMIT);
        }
        StringBuilder sb = new StringBuilder();
        list.forEach(p -> sb.append(p).append('\n'));
        AtomicFiles.writeString(home.resolve("recent.txt"), sb.toString());
    }
}
