package org.topoplanner.importers.hardware;

import java.util.List;
import java.util.Objects;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;

/** A cluster with its hosts' hardware given, and what giving it found (rule problems are errors). */
public record HardwareResult(Cluster cluster, List<Diagnostic> diagnostics) {
    public HardwareResult {
        Objects.requireNonNull(cluster, "cluster");
        diagnostics = List.copyOf(diagnostics);
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }

    public HardwareTotals totals() {
        return HardwareTotals.of(cluster);
    }
}
