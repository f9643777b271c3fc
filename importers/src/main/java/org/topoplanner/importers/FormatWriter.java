package org.topoplanner.importers;

import java.util.List;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.diag.Diagnostic;

/** Writes one export format from a cluster; {@code read(write(x))} gives back {@code x}. */
public interface FormatWriter {
    /** The name used by {@code convert --to}. */
    String target();

    String write(Cluster cluster);

    /**
     * What the real consumer would reject in this export of {@code cluster} (errors: nothing is
     * written) or what the export loses or risks (warnings: written only when the user insists).
     */
    default List<Diagnostic> check(Cluster cluster) {
        return List.of();
    }
}
