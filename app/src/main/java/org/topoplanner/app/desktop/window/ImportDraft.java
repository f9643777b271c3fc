package org.topoplanner.app.desktop.window;

import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.importers.ReadSources;
import org.topoplanner.importers.merge.MergeChoices;

/**
 * An import as read, with its merge so far. The files are read once; answering a conflict merges
 * {@code read} again with the choices, which takes a fraction of the reading time on a big fabric
 * and sees the files as they were when the import started.
 *
 * @param outcome the merge with the rank-based defaults
 */
record ImportDraft(ClusterImport importer, ReadSources read, ImportOutcome outcome) {
    /** The merge of the same sources with {@code choices}; call it off the FX thread. */
    ImportOutcome remerge(MergeChoices choices) {
        return importer.merge(read, choices);
    }
}
