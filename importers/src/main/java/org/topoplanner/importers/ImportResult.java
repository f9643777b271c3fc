package org.topoplanner.importers;

import java.util.List;
import java.util.Objects;
import org.topoplanner.model.diag.Diagnostic;

/** What reading one source gave: its format, the part of a cluster it describes, and diagnostics. */
public record ImportResult(SourceText source, Format format, ClusterPart part, List<Diagnostic> diagnostics) {
    public ImportResult {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(format, "format");
        part = part == null ? ClusterPart.empty() : part;
        diagnostics = List.copyOf(diagnostics);
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }
}
