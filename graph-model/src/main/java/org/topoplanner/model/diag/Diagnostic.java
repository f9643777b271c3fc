package org.topoplanner.model.diag;

import java.util.Objects;

/**
 * One finding about an input: what is wrong, how bad it is, and exactly where.
 *
 * <p>Readers report problems with these instead of throwing, so that a user sees every problem of a
 * file at once and still gets the model that could be built. Line and column are 1-based; 0 means
 * "the whole file" (for example a file that is empty or of an unknown format).
 */
public record Diagnostic(Severity severity, String path, int line, int column, String message) {

    public Diagnostic {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(message, "message");
        path = path == null ? "" : path;
        if (line < 0 || column < 0) {
            throw new IllegalArgumentException("line and column are 1-based, or 0 for the whole file");
        }
    }

    public static Diagnostic error(String path, int line, int column, String message) {
        return new Diagnostic(Severity.ERROR, path, line, column, message);
    }

    public static Diagnostic warning(String path, int line, int column, String message) {
        return new Diagnostic(Severity.WARNING, path, line, column, message);
    }

    public static Diagnostic info(String path, int line, int column, String message) {
        return new Diagnostic(Severity.INFO, path, line, column, message);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** {@code path:line:column: severity: message}, the form compilers use, so editors can jump to it. */
    @Override
    public String toString() {
        return path + ":" + line + ":" + column + ": " + severity.word() + ": " + message;
    }
}
