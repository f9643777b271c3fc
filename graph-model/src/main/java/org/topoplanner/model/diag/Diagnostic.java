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
        return printable(path) + ":" + line + ":" + column + ": " + severity.word() + ": " + printable(message);
    }

    /**
     * The text with control characters from the input (NUL, escape sequences, a CR that would
     * overwrite the line) written as a backslash escape with its hex code, so that a diagnostic quoting a
     * binary file cannot garble or drive the terminal it is printed on. Tabs stay.
     */
    public static String printable(String text) {
        int i = 0;
        while (i < text.length() && !isControl(text.charAt(i))) {
            i++;
        }
        if (i == text.length()) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text.length() + 16).append(text, 0, i);
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!isControl(c)) {
                sb.append(c);
            } else if (c < 0x100) {
                sb.append(String.format("\\x%02X", (int) c));
            } else {
                sb.append(String.format("\\u%04X", (int) c));
            }
        }
        return sb.toString();
    }

    private static boolean isControl(char c) {
        return (c < 0x20 && c != '\t') || (c >= 0x7F && c <= 0x9F) || c == '\u2028' || c == '\u2029'
                || (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069');
    }
}
