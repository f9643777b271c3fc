package org.topoplanner.app.desktop.dialogs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.importers.export.BundleManifest;
import org.topoplanner.importers.export.ExportFile;
import org.topoplanner.importers.export.LineDiff;

/**
 * What writing a preview into the folder of the previous export would change, file by file, read before
 * any folder is chosen: new, unchanged, or changed with its unified diff from the bytes on disk. Only
 * reads; the write itself still goes through {@link ExportPreview#writeTo}, which decides about
 * hand-edited files.
 *
 * @param folder  the folder compared against
 * @param changes per file of the preview, in its order
 */
public record ExportChanges(Path folder, Map<String, Change> changes) {
    public ExportChanges {
        changes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(changes));
    }

    /** One file's change. */
    public sealed interface Change {
        /** A short word for the file list. */
        String word();

        /** What the change view shows for the file. */
        String text();
    }

    /** Not in the folder yet. */
    public record Added() implements Change {
        public String word() {
            return "new";
        }

        public String text() {
            return "(a new file: not in the folder yet)";
        }
    }

    /** The folder holds these very bytes. */
    public record Same() implements Change {
        public String word() {
            return "unchanged";
        }

        public String text() {
            return "(unchanged: the folder holds these very bytes)";
        }
    }

    /** The folder holds other bytes; {@code diff} from them to the preview. */
    public record Changed(String diff) implements Change {
        public String word() {
            return "changed";
        }

        public String text() {
            return diff;
        }
    }

    /** The folder could not be read there. */
    public record Unreadable(String why) implements Change {
        public String word() {
            return "unreadable";
        }

        public String text() {
            return "(cannot read it in the folder: " + why + ")";
        }
    }

    /** Compares every file of {@code files} with {@code folder}; call it off the FX thread. */
    public static ExportChanges against(Path folder, List<ExportFile> files) {
        Map<String, Change> out = new LinkedHashMap<>();
        for (ExportFile f : files) {
            out.put(f.relativePath(), change(folder, f));
        }
        return new ExportChanges(folder, out);
    }

    private static Change change(Path folder, ExportFile f) {
        Path onDisk = folder.resolve(f.relativePath());
        if (!Files.isRegularFile(onDisk)) {
            return new Added();
        }
        try {
            byte[] bytes = Files.readAllBytes(onDisk);
            if (java.util.Arrays.equals(bytes, BundleManifest.bytes(f.text()))) {
                return new Same();
            }
            return new Changed(LineDiff.unified("a/" + f.relativePath() + " (in " + folder + ")",
                    new String(bytes, StandardCharsets.UTF_8), "b/" + f.relativePath() + " (this export)", f.text()));
        } catch (IOException e) {
            return new Unreadable(String.valueOf(e.getMessage()));
        }
    }

    /** A file's change; a file not compared counts as new. */
    public Change of(String relativePath) {
        return changes.getOrDefault(relativePath, new Added());
    }
}
