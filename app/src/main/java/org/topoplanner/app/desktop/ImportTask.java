package org.topoplanner.app.desktop;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.concurrent.Task;
import org.topoplanner.importers.ClusterImport;
import org.topoplanner.importers.ImportOutcome;

/**
 * Imports files off the FX thread with progress and cancel. The open plan is only replaced when
 * the import finishes with a cluster and the user takes it, so a failed or cancelled import changes
 * nothing.
 */
final class ImportTask extends Task<ImportOutcome> {
    private final List<Path> files;

    ImportTask(List<Path> files) {
        this.files = List.copyOf(files);
        updateTitle("Importing " + (files.size() == 1 ? files.get(0).getFileName() : files.size() + " files"));
    }

    @Override
    protected ImportOutcome call() {
        updateProgress(0, files.size());
        return ClusterImport.standard().importFiles(files, Optional.empty(), (done, total, file) -> {
            updateProgress(done, total);
            updateMessage("Read " + file.getFileName());
            return !isCancelled();
        });
    }
}
