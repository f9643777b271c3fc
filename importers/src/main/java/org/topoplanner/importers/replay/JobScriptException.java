package org.topoplanner.importers.replay;

import java.util.List;
import java.util.stream.Collectors;
import org.topoplanner.model.diag.Diagnostic;

/** A job script with errors: every problem, each with its line and column. */
public final class JobScriptException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient List<Diagnostic> diagnostics;

    public JobScriptException(List<Diagnostic> diagnostics) {
        super(diagnostics.stream().map(Diagnostic::toString).collect(Collectors.joining("\n")));
        this.diagnostics = List.copyOf(diagnostics);
    }

    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }
}
