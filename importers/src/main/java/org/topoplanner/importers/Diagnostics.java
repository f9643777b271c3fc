package org.topoplanner.importers;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.DiagnosticCap;

/**
 * Collects the diagnostics of one read, all tagged with the source path. Keeps the first
 * {@link DiagnosticCap#PER_FILE} and counts the rest, so that a file of repeated bad lines costs
 * no memory per line.
 */
public final class Diagnostics {
    private final String path;
    private final List<Diagnostic> list = new ArrayList<>();
    private Diagnostic firstDropped;
    private long dropped;
    private boolean droppedError;
    private boolean anyError;

    public Diagnostics(String path) {
        this.path = path;
    }

    public void error(int line, int column, String message) {
        add(Diagnostic.error(path, line, column, message));
    }

    public void warning(int line, int column, String message) {
        add(Diagnostic.warning(path, line, column, message));
    }

    public void info(int line, int column, String message) {
        add(Diagnostic.info(path, line, column, message));
    }

    public void add(Diagnostic d) {
        anyError |= d.isError();
        if (list.size() < DiagnosticCap.PER_FILE) {
            list.add(d);
            return;
        }
        if (firstDropped == null) {
            firstDropped = d;
        }
        dropped++;
        droppedError |= d.isError();
    }

    public boolean hasErrors() {
        return anyError;
    }

    public List<Diagnostic> list() {
        if (firstDropped == null) {
            return List.copyOf(list);
        }
        List<Diagnostic> out = new ArrayList<>(list);
        out.add(DiagnosticCap.summary(firstDropped, dropped, droppedError));
        return List.copyOf(out);
    }
}
