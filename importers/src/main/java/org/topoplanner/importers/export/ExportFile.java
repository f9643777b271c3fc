package org.topoplanner.importers.export;

import java.util.List;
import java.util.Objects;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.Severity;

/**
 * One file of an export bundle: where it goes below the output folder, its text, and what its
 * validation found (diagnostics carry {@code relativePath} as their path, with line and column in
 * {@code text} where the rule has a place).
 */
public record ExportFile(String relativePath, String text, List<Diagnostic> validation) {
    public ExportFile {
        Objects.requireNonNull(relativePath, "relativePath");
        Objects.requireNonNull(text, "text");
        if (relativePath.isEmpty() || relativePath.startsWith("/") || relativePath.contains("..")) {
            throw new IllegalArgumentException("not a relative path inside the bundle: " + relativePath);
        }
        validation = List.copyOf(validation);
    }

    public boolean hasErrors() {
        return validation.stream().anyMatch(Diagnostic::isError);
    }

    public boolean hasWarnings() {
        return validation.stream().anyMatch(d -> d.severity() == Severity.WARNING);
    }

    /** {@code error}, {@code warning} or {@code ok}: the worst finding, as the manifest writes it. */
    public String status() {
        return hasErrors() ? "error" : hasWarnings() ? "warning" : "ok";
    }

    public ExportFile withValidation(List<Diagnostic> more) {
        List<Diagnostic> all = new java.util.ArrayList<>(validation);
        all.addAll(more);
        return new ExportFile(relativePath, text, all);
    }
}
