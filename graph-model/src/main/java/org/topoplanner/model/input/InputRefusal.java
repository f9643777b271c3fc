package org.topoplanner.model.input;

/**
 * An input file that is not read: a special file, a file over its size limit, one the system will
 * not open. Carries where the reading stopped (1:1 when the file was refused before reading) so
 * that the refusal prints like every other diagnostic.
 */
public final class InputRefusal extends Exception {
    private final String path;
    private final int line;
    private final int column;

    public InputRefusal(String path, int line, int column, String message) {
        super(message);
        this.path = path;
        this.line = line;
        this.column = column;
    }

    public String path() {
        return path;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    public org.topoplanner.model.diag.Diagnostic toDiagnostic() {
        return org.topoplanner.model.diag.Diagnostic.error(path, line, column, getMessage());
    }
}
