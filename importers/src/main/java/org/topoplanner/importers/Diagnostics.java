package org.topoplanner.importers;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.diag.Diagnostic;

/** Collects the diagnostics of one read, all tagged with the source path. */
public final class Diagnostics {
    private final String path;
    private final List<Diagnostic> list = new ArrayList<>();

    public Diagnostics(String path) {
        this.path = path;
    }

    public void error(int line, int column, String message) {
        list.add(Diagnostic.error(path, line, column, message));
    }

    public void warning(int line, int column, String message) {
        list.add(Diagnostic.warning(path, line, column, message));
    }

    public void info(int line, int column, String message) {
        list.add(Diagnostic.info(path, line, column, message));
    }

    public void add(Diagnostic d) {
        list.add(d);
    }

    public boolean hasErrors() {
        return list.stream().anyMatch(Diagnostic::isError);
    }

    public List<Diagnostic> list() {
        return List.copyOf(list);
    }
}
