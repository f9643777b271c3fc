package org.topoplanner.importers.export;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.project.AtomicFiles;

/**
 * Writes a validated bundle below a folder. Nothing is written when any file has an error, nor when one
 * has a warning and the user did not insist ({@code force}); only after every check passed is each file
 * written atomically ({@link AtomicFiles}: a temporary file renamed over the old one), so an existing
 * export stays whole until the new one is known to be good.
 */
public final class ExportWriter {
    /** What happened: whether the bundle was written, what blocked it, and the files written. */
    public record Result(boolean written, List<Diagnostic> blocking, List<Path> files) {
        public Result {
            blocking = List.copyOf(blocking);
            files = List.copyOf(files);
        }
    }

    private ExportWriter() {
    }

    public static Result write(Path dir, List<ExportFile> files, boolean force) {
        List<Diagnostic> errors = new ArrayList<>();
        List<Diagnostic> warnings = new ArrayList<>();
        for (ExportFile f : files) {
            for (Diagnostic d : f.validation()) {
                if (d.isError()) {
                    errors.add(d);
                } else if (d.severity() == Severity.WARNING) {
                    warnings.add(d);
                }
            }
        }
        if (!errors.isEmpty()) {
            return new Result(false, errors, List.of());
        }
        if (!warnings.isEmpty() && !force) {
            return new Result(false, warnings, List.of());
        }
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            return new Result(false, List.of(Diagnostic.error(dir.toString(), 1, 1, "not a folder")), List.of());
        }
        List<Path> written = new ArrayList<>();
        for (ExportFile f : files) {
            Path target = dir.resolve(f.relativePath()).normalize();
            if (!target.startsWith(dir.normalize())) {
                return new Result(false, List.of(Diagnostic.error(f.relativePath(), 0, 0,
                        "resolves outside " + dir)), written);
            }
            try {
                AtomicFiles.writeString(target, f.text());
                if (f.relativePath().endsWith(".sh") || f.relativePath().endsWith(".sbatch")) {
                    target.toFile().setExecutable(true, false);
                }
                written.add(target);
            } catch (IOException e) {
                return new Result(false, List.of(Diagnostic.error(target.toString(), 1, 1, "cannot write: "
                        + org.topoplanner.model.input.InputFile.reason(e) + " (" + written.size() + " of " + files.size() + " files were written)")),
                        written);
            }
        }
        return new Result(true, List.of(), written);
    }
}
