package org.topoplanner.importers;

import java.util.List;
import java.util.Objects;
import org.topoplanner.importers.inspect.InspectSource;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;

/**
 * The cluster that a set of sources describes, which format each was read as, and every
 * diagnostic of reading and merging them. {@code cluster} is {@code null} when nothing usable was
 * read.
 */
public record ImportOutcome(Cluster cluster, List<InspectSource> sources, List<Diagnostic> diagnostics) {
    public ImportOutcome {
        sources = List.copyOf(sources);
        diagnostics = List.copyOf(diagnostics);
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }

    public Cluster clusterOrThrow() {
        return Objects.requireNonNull(cluster, "no cluster was read");
    }
}
