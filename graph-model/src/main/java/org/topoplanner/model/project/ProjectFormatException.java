package org.topoplanner.model.project;

import java.util.List;
import org.topoplanner.model.diag.Diagnostic;

/** A project file that cannot be opened: not JSON, not ours, a newer version, or inconsistent. */
public final class ProjectFormatException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient List<Diagnostic> diagnostics;

    public ProjectFormatException(List<Diagnostic> diagnostics) {
        super(diagnostics.isEmpty() ? "unreadable project" : diagnostics.get(0).toString());
        this.diagnostics = List.copyOf(diagnostics);
    }

    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }
}
