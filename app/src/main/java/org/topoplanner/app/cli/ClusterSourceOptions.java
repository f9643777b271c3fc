package org.topoplanner.app.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.topoplanner.importers.ClusterImport;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.ImportOutcome;
import org.topoplanner.importers.inspect.InspectSource;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.resources.ShippedData;
import picocli.CommandLine.Option;

/**
 * Where a command's cluster comes from: files and folders, a project file, or {@code --example}
 * for the built-in example cluster.
 */
public final class ClusterSourceOptions {
    @Option(names = "--example", description = "Use the built-in example cluster (32 nodes, 4 leaves, 2 spines, 1 core).")
    boolean example;

    @Option(names = "--format", paramLabel = "FORMAT", converter = FormatConverter.class,
            description = "Read every file as this format instead of detecting it (${COMPLETION-CANDIDATES}).",
            completionCandidates = FormatConverter.Candidates.class)
    Format format;

    /** Imports the named files, or the example; the files list may be empty only with --example. */
    ImportOutcome load(List<Path> files) {
        List<ImportOutcome> parts = new ArrayList<>();
        if (example) {
            parts.add(new ImportOutcome(ShippedData.exampleCluster(),
                    List.of(new InspectSource("example", Format.PROJECT)), List.of()));
        }
        if (!files.isEmpty()) {
            parts.add(ClusterImport.standard().importFiles(files, Optional.ofNullable(format)));
        }
        if (parts.size() == 1) {
            return parts.get(0);
        }
        List<Diagnostic> diags = new ArrayList<>();
        parts.forEach(p -> diags.addAll(p.diagnostics()));
        diags.add(Diagnostic.error("--example", 0, 0, "--example stands for the whole cluster; give files or --example, not both"));
        return new ImportOutcome(null, List.of(), diags);
    }
}
