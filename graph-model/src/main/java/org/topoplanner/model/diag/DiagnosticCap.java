package org.topoplanner.model.diag;

import java.util.ArrayList;
import java.util.List;

/**
 * The most diagnostics one file reports. A file of a million bad lines gives the first ones and a
 * count of the rest (at the first left out), not a million lines of stderr and the memory they take.
 */
public final class DiagnosticCap {
    /** Diagnostics kept per file. */
    public static final int PER_FILE = 100;

    private DiagnosticCap() {
    }

    /**
     * The first {@link #PER_FILE} diagnostics of each path, then one line per path saying how many
     * more there were; the order is kept. Errors left out keep the summary an error, so the verdict
     * of the whole does not change.
     */
    public static List<Diagnostic> cap(List<Diagnostic> all) {
        if (all.size() <= PER_FILE) {
            return all;
        }
        java.util.Map<String, Integer> kept = new java.util.HashMap<>();
        java.util.Map<String, Summary> over = new java.util.LinkedHashMap<>();
        List<Diagnostic> out = new ArrayList<>();
        for (Diagnostic d : all) {
            int n = kept.merge(d.path(), 1, Integer::sum);
            if (n <= PER_FILE) {
                out.add(d);
            } else {
                over.computeIfAbsent(d.path(), p -> new Summary(d)).add(d);
            }
        }
        over.values().forEach(s -> out.add(s.diagnostic()));
        return out;
    }

    /** The line that stands for {@code more} diagnostics left out, the first of them {@code first}. */
    public static Diagnostic summary(Diagnostic first, long more, boolean anyError) {
        return new Diagnostic(anyError ? Severity.ERROR : first.severity(), first.path(), first.line(), first.column(),
                more + " more diagnostic" + (more == 1 ? "" : "s") + " of this file not shown (the first "
                        + PER_FILE + " are; fix those and read it again)");
    }

    private static final class Summary {
        private final Diagnostic first;
        private long count;
        private boolean anyError;

        Summary(Diagnostic first) {
            this.first = first;
        }

        void add(Diagnostic d) {
            count++;
            anyError |= d.isError();
        }

        Diagnostic diagnostic() {
            return summary(first, count, anyError);
        }
    }
}
