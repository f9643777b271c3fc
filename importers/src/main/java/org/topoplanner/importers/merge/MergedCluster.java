package org.topoplanner.importers.merge;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;

/**
 * The cluster built from several sources, the sources' own diagnostics, and what the merge found:
 * every disagreement between sources (warnings) and every rule it applied (infos), and the
 * disagreements a person can decide ({@link SourceConflict}s, answered with {@link MergeChoices}).
 */
public record MergedCluster(Cluster cluster, List<Diagnostic> sourceDiagnostics, List<Diagnostic> mergeDiagnostics,
                            List<SourceConflict> conflicts) {
    public MergedCluster {
        Objects.requireNonNull(cluster, "cluster");
        sourceDiagnostics = List.copyOf(sourceDiagnostics);
        mergeDiagnostics = List.copyOf(mergeDiagnostics);
        conflicts = List.copyOf(conflicts);
    }

    /** Source diagnostics first, then the merge's. */
    public List<Diagnostic> allDiagnostics() {
        List<Diagnostic> all = new ArrayList<>(sourceDiagnostics);
        all.addAll(mergeDiagnostics);
        return all;
    }
}
