package org.topoplanner.importers.pipeline;

import java.util.List;
import java.util.Objects;
import org.topoplanner.importers.inspect.InspectSource;
import org.topoplanner.importers.merge.SourceConflict;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;

/**
 * The cluster that a set of sources describes, which format each was read as, and every
 * diagnostic of reading and merging them, and the conflicts between sources the merge decided by
 * rank or by choice. {@code cluster} is {@code null} when nothing usable was read.
 */
public record ImportOutcome(Cluster cluster, List<InspectSource> sources, List<Diagnostic> diagnostics,
                            List<SourceConflict> conflicts) {
    public ImportOutcome {
        sources = List.copyOf(sources);
        diagnostics = List.copyOf(diagnostics);
        conflicts = List.copyOf(conflicts);
    }

    /** An outcome without conflicts: one source, or none merged. */
    public ImportOutcome(Cluster cluster, List<InspectSource> sources, List<Diagnostic> diagnostics) {
        this(cluster, sources, diagnostics, List.of());
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }

    public Cluster clusterOrThrow() {
        return Objects.requireNonNull(cluster, "no cluster was read");
    }
}
