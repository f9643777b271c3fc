package org.topoplanner.app.desktop.window;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.concurrent.Task;
import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.ReadSources;
import org.topoplanner.importers.merge.MergeChoices;

/**
 * Imports files off the FX thread with progress and cancel. The open plan is only replaced when
 * the import finishes with a cluster and the user takes it, so a failed or cancelled import changes
 * nothing. The result keeps what was read, so conflicts can be answered by merging again.
 */
final class ImportTask extends Task<ImportDraft> {
    private final List<Path> files;

    ImportTask(List<Path> files) {
        this.files = List.copyOf(files);
        updateTitle("Importing " + (files.size() == 1 ? files.get(0).getFileName() : files.size() + " files"));
    }

    @Override
    protected ImportDraft call() {
        updateProgress(0, files.size());
        ClusterImport importer = ClusterImport.standard();
        ReadSources read = importer.read(files, Optional.empty(), (done, total, file) -> {
            updateProgress(done, total);
            updateMessage("Read " + file.getFileName());
            return !isCancelled();
        });
        if (isCancelled()) {
            return null;
        }
        updateMessage("Merging " + (files.size() == 1 ? files.get(0).getFileName() : files.size() + " files") + "\u2026");
        return new ImportDraft(importer, read, importer.merge(read, MergeChoices.none()));
    }
}
