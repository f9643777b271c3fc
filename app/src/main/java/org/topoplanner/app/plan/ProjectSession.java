package org.topoplanner.app.plan;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.topoplanner.model.project.AtomicFiles;
import org.topoplanner.model.project.ProjectCodec;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.model.project.ProjectFormatException;

/**
 * The project file behind a window: open, save, save as (atomic), autosave next to the user's
 * settings, recovery after a crash, and the recent-files list.
 *
 * <p>Each project autosaves to its own file, keyed by the project's absolute path (an untitled
 * project by a key of its own), {@code <home>/autosave/<key>.json}, with {@code <key>.origin} naming
 * the project it belongs to. Saving deletes it; so does discarding unsaved work when asked. Any
 * other autosave found later is a crash's leftover: it is offered when its project is opened (if it
 * is newer than the file) or at a start without a file, and it stays on disk until the user recovers
 * or discards it; a project opened beside a leftover it keeps autosaves elsewhere.
 */
public final class ProjectSession {
    private static final int RECENT_LIMIT = 10;
    private static final String UNTITLED = "untitled";
    private final Path home;
    private final ProjectCodec codec = new ProjectCodec();
    private Path file;
    private String key;

    public ProjectSession(Path home) {
        this.home = home;
        this.key = untitledKey();
    }

    /** This session's settings folder (autosaves, design presets). */
    public Path home() {
        return home;
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
        attach(path);
        remember(path);
        return doc;
    }

    /** Reads a project without making it the open one (the saved side of a recovery's comparison). */
    public ProjectDocument read(Path path) throws IOException, ProjectFormatException {
        return codec.load(path);
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
        attach(path);
        remember(path);
    }

    /** Starts a project that has no file yet (New cluster, the example): it autosaves under a key of its own. */
    public void detach() {
        file = null;
        key = untitledKey();
    }

    /**
     * Makes {@code project} the open file again (or none): Undo and Redo across a New or an Import
     * bring back the file the plan belonged to. This project's autosave moves with it.
     */
    public void reattach(Optional<Path> project) throws IOException {
        if (project.equals(file())) {
            return;
        }
        deleteAutosave();
        if (project.isPresent()) {
            attach(project.get());
        } else {
            detach();
        }
    }

    /** Writes the unsaved state; the origin goes first, so an autosave on disk always says whose it is. */
    public void autosave(ProjectDocument doc) throws IOException {
        Path dir = home.resolve("autosave");
        AtomicFiles.writeString(dir.resolve(key + ".origin"), file == null ? UNTITLED : file.toAbsolutePath().normalize().toString());
        AtomicFiles.writeString(dir.resolve(key + ".json"), codec.write(doc));
    }

    /** This project's own autosave file (written or not). */
    public Path autosavePath() {
        return home.resolve("autosave").resolve(key + ".json");
    }

    /** The newest leftover autosave of the open project that is newer than its file. */
    public Optional<Autosave> recoverable() {
        if (file == null) {
            return Optional.empty();
        }
        Path mine = file.toAbsolutePath().normalize();
        return leftovers().stream().filter(a -> a.project().filter(mine::equals).isPresent()).findFirst();
    }

    /**
     * Every autosave on disk that holds work not in its project file, newest first: untitled ones, and
     * those newer than their project file (or whose file is gone). This session's own is not among them.
     */
    public List<Autosave> leftovers() {
        Path dir = home.resolve("autosave");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Autosave> found = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.json")) {
            for (Path json : ds) {
                String name = json.getFileName().toString();
                String k = name.substring(0, name.length() - ".json".length());
                if (k.equals(key)) {
                    continue;
                }
                leftover(json, dir.resolve(k + ".origin")).ifPresent(found::add);
            }
        } catch (IOException e) {
            return List.of();
        }
        found.sort(Comparator.comparing(Autosave::written).reversed());
        return List.copyOf(found);
    }

    private static Optional<Autosave> leftover(Path json, Path origin) {
        try {
            FileTime written = Files.getLastModifiedTime(json);
            String o = Files.exists(origin) ? Files.readString(origin, StandardCharsets.UTF_8).strip() : UNTITLED;
            if (o.equals(UNTITLED) || o.isEmpty()) {
                return Optional.of(new Autosave(json, Optional.empty(), written));
            }
            Path project = Path.of(o);
            boolean newer = !Files.exists(project) || written.compareTo(Files.getLastModifiedTime(project)) > 0;
            return newer ? Optional.of(new Autosave(json, Optional.of(project), written)) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            // An autosave we cannot read the origin or time of is offered nowhere and deleted by no one.
            return Optional.empty();
        }
    }

    public ProjectDocument recover(Autosave autosave) throws IOException, ProjectFormatException {
        return codec.load(autosave.path());
    }

    /**
     * Continues a recovered autosave as this project: its file (if it had one) becomes the open file,
     * and it becomes this project's autosave, so the next save or discard removes it.
     */
    public void adopt(Autosave autosave) throws IOException {
        if (autosave.project().isPresent()) {
            file = autosave.project().get();
        } else {
            file = null;
        }
        deleteAutosave();
        String name = autosave.path().getFileName().toString();
        key = name.substring(0, name.length() - ".json".length());
    }

    /** Deletes a leftover the user chose to throw away. */
    public void discard(Autosave autosave) throws IOException {
        Path json = autosave.path();
        String name = json.getFileName().toString();
        Files.deleteIfExists(json.resolveSibling(name.substring(0, name.length() - ".json".length()) + ".origin"));
        Files.deleteIfExists(json);
    }

    /** Deletes this project's own autosave: after a save, or when its unsaved work is discarded on purpose. */
    public void deleteAutosave() throws IOException {
        Path dir = home.resolve("autosave");
        Files.deleteIfExists(dir.resolve(key + ".json"));
        Files.deleteIfExists(dir.resolve(key + ".origin"));
    }

    private void attach(Path path) {
        file = path;
        Path abs = path.toAbsolutePath().normalize();
        String base = abs.getFileName().toString().replaceAll("\\.json$", "").replaceAll("[^A-Za-z0-9._-]", "_");
        String k = base + "-" + digest(abs.toString());
        // A leftover of this project that the user keeps for later is not overwritten by this session.
        if (Files.exists(home.resolve("autosave").resolve(k + ".json"))) {
            k = k + "-" + Long.toString(System.currentTimeMillis(), 36);
        }
        key = k;
    }

    private static String untitledKey() {
        return UNTITLED + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static String digest(String s) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
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
