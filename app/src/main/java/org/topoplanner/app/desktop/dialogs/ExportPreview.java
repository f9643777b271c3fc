package org.topoplanner.app.desktop.dialogs;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.topoplanner.importers.export.ExportBundle;
import org.topoplanner.importers.export.ExportFile;
import org.topoplanner.importers.export.ExportOptions;
import org.topoplanner.importers.export.ExportTarget;
import org.topoplanner.importers.export.ExportWriter;
import org.topoplanner.model.project.ProjectDocument;

/**
 * What Export would write, before any folder is chosen: the bundle the command line's {@code export}
 * builds ({@link ExportBundle}) for the same plan, targets and options, kept as it was shown so that
 * writing it puts exactly the previewed bytes on disk (no second build between looking and writing).
 *
 * @param files the bundle's files in the order {@link ExportBundle} gives them, MANIFEST.txt last
 */
public record ExportPreview(List<ExportFile> files) {
    public ExportPreview {
        files = List.copyOf(files);
    }

    public static ExportPreview of(ProjectDocument doc, Set<ExportTarget> targets, ExportOptions options) {
        return new ExportPreview(ExportBundle.build(doc, targets, options));
    }

    public Optional<ExportFile> file(String relativePath) {
        return files.stream().filter(f -> f.relativePath().equals(relativePath)).findFirst();
    }

    public long errors() {
        return files.stream().filter(ExportFile::hasErrors).count();
    }

    public long warnings() {
        return files.stream().filter(f -> !f.hasErrors() && f.hasWarnings()).count();
    }

    /** One line under the list: how many files and how many the export check found fault with. */
    public String verdict() {
        return files.size() + " files, " + errors() + " with errors, " + warnings() + " with warnings"
                + (errors() > 0 ? ": an export with errors writes nothing" : "");
    }

    /** Writes the previewed files into {@code dir} as one unit ({@link ExportWriter}, atomic swap). */
    public ExportWriter.Result writeTo(Path dir, boolean force) {
        return ExportWriter.write(dir, files, force);
    }
}
