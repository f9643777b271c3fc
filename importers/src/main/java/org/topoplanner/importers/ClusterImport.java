package org.topoplanner.importers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.topoplanner.importers.inspect.InspectSource;
import org.topoplanner.importers.merge.ClusterMerger;
import org.topoplanner.importers.merge.MergeChoices;
import org.topoplanner.importers.merge.MergedCluster;
import org.topoplanner.importers.slurm.SlurmClusterFolderReader;
import org.topoplanner.importers.slurm.TopologyConfReader;
import org.topoplanner.model.diag.Diagnostic;

/**
 * Imports a set of files into one cluster: reads each file once, detects its format from content
 * (or takes the one forced with {@code --format}), reads it, and combines the parts. A file that
 * cannot be read or recognised is a diagnostic, never an exception, and never stops the others.
 * A folder is one Slurm cluster when it holds Slurm's files, else a folder of sources (an export
 * bundle reads back so).
 */
public final class ClusterImport {
    /** How deep a folder of sources is read: a bundle is {@code k8s/jobs/} deep. */
    static final int FOLDER_DEPTH = 4;

    private final FormatRegistry registry;
    private final PartCombiner combiner;

    public ClusterImport(FormatRegistry registry, PartCombiner combiner) {
        this.registry = registry;
        this.combiner = combiner;
    }

    public static ClusterImport standard() {
        return new ClusterImport(FormatRegistry.standard(), PartCombiner.standard());
    }

    /**
     * How several parts become one cluster; the merge reports every disagreement between them, and
     * follows the choices made on the conflicts of an earlier merge of the same parts.
     */
    public interface PartCombiner {
        ImportOutcome combine(List<ImportResult> results, MergeChoices choices);

        /**
         * The merge of {@link ClusterMerger}: every disagreement between sources is a diagnostic, and
         * those a person can decide are also conflicts.
         */
        static PartCombiner standard() {
            return (results, choices) -> {
                List<InspectSource> sources = results.stream()
                        .map(r -> new InspectSource(r.source().path(), r.format())).toList();
                if (results.isEmpty()) {
                    return new ImportOutcome(null, sources, List.of());
                }
                MergedCluster merged = new ClusterMerger().merge(results, choices);
                return new ImportOutcome(merged.cluster(), sources, merged.allDiagnostics(), merged.conflicts());
            };
        }
    }

    /** Told after each file; answers whether to go on (false cancels the import). */
    public interface Progress {
        boolean fileDone(int done, int total, Path file);

        Progress NONE = (done, total, file) -> true;
    }

    public ImportOutcome importFiles(List<Path> paths, Optional<Format> forced) {
        return importFiles(paths, forced, Progress.NONE);
    }

    /** Imports with progress; a cancelled import returns no cluster and says so. */
    public ImportOutcome importFiles(List<Path> paths, Optional<Format> forced, Progress progress) {
        return merge(read(paths, forced, progress), MergeChoices.none());
    }

    /**
     * Reads the files without merging them, so that they can be merged again with other choices
     * without reading them again; with progress and cancel as {@link #importFiles}.
     */
    public ReadSources read(List<Path> paths, Optional<Format> forced, Progress progress) {
        List<ImportResult> results = new ArrayList<>();
        List<Diagnostic> problems = new ArrayList<>();
        for (int i = 0; i < paths.size(); i++) {
            Path p = paths.get(i);
            readOne(p, forced, results, problems);
            if (!progress.fileDone(i + 1, paths.size(), p)) {
                problems.add(Diagnostic.info(p.toString(), 0, 0, "import cancelled; nothing was changed"));
                return new ReadSources(List.of(), problems, true);
            }
        }
        return new ReadSources(results, problems, false);
    }

    /** Merges what was read, answering its conflicts with {@code choices}; problems of reading come first. */
    public ImportOutcome merge(ReadSources read, MergeChoices choices) {
        if (read.cancelled()) {
            return new ImportOutcome(null, List.of(), read.problems());
        }
        ImportOutcome combined = combiner.combine(read.results(), choices);
        List<Diagnostic> all = new ArrayList<>(read.problems());
        all.addAll(combined.diagnostics());
        return new ImportOutcome(combined.cluster(), combined.sources(), all, combined.conflicts());
    }

    public ImportOutcome importTexts(List<SourceText> texts, Optional<Format> forced) {
        List<ImportResult> results = new ArrayList<>();
        List<Diagnostic> problems = new ArrayList<>();
        for (SourceText t : texts) {
            readText(t, forced, results, problems);
        }
        return merge(new ReadSources(results, problems, false), MergeChoices.none());
    }

    private void readOne(Path p, Optional<Format> forced, List<ImportResult> results, List<Diagnostic> problems) {
        if (!Files.exists(p)) {
            problems.add(Diagnostic.error(p.toString(), 0, 0, "no such file or folder"));
            return;
        }
        if (Files.isDirectory(p)) {
            if (SlurmClusterFolderReader.looksLikeSlurmFolder(p)) {
                results.add(new SlurmClusterFolderReader(new TopologyConfReader()).read(p));
            } else {
                readFolder(p, forced, results, problems, 0);
            }
            return;
        }
        SourceText text;
        try {
            text = SourceText.read(p);
        } catch (IOException e) {
            problems.add(Diagnostic.error(p.toString(), 0, 0, "cannot read: " + e.getMessage()));
            return;
        }
        readText(text, forced, results, problems);
    }

    /**
     * A folder that is not one Slurm configuration (an export bundle, its {@code k8s/} folder, a folder
     * of dumps): every file in it, in name order, and every subfolder the same way, a Slurm folder as
     * one cluster. Hidden entries are skipped; nesting stops at {@link #FOLDER_DEPTH}.
     */
    private void readFolder(Path folder, Optional<Format> forced, List<ImportResult> results, List<Diagnostic> problems,
                            int depth) {
        List<Path> entries;
        try (var list = Files.list(folder)) {
            entries = list.filter(e -> !e.getFileName().toString().startsWith("."))
                    .sorted(java.util.Comparator.comparing((Path e) -> Files.isDirectory(e)).thenComparing(Path::toString))
                    .toList();
        } catch (IOException e) {
            problems.add(Diagnostic.error(folder.toString(), 0, 0, "cannot list the folder: " + e.getMessage()));
            return;
        }
        if (entries.isEmpty()) {
            problems.add(Diagnostic.error(folder.toString(), 0, 0, "an empty folder: nothing to read"));
        }
        for (Path e : entries) {
            if (Files.isDirectory(e) && !SlurmClusterFolderReader.looksLikeSlurmFolder(e)) {
                if (depth + 1 < FOLDER_DEPTH) {
                    readFolder(e, forced, results, problems, depth + 1);
                } else {
                    problems.add(Diagnostic.warning(e.toString(), 0, 0, "folders nested deeper than "
                            + FOLDER_DEPTH + " are not read; name it to read it"));
                }
            } else {
                readOne(e, forced, results, problems);
            }
        }
    }

    private void readText(SourceText text, Optional<Format> forced, List<ImportResult> results,
                          List<Diagnostic> problems) {
        if (text.text().isBlank()) {
            // An export writes an empty file where there is nothing to say (no HyperNodes without switches).
            problems.add(Diagnostic.info(text.path(), 0, 0, "an empty file: nothing to read"));
            return;
        }
        Optional<FormatReader> reader = forced.isPresent() ? registry.reader(forced.get()) : registry.detect(text);
        if (reader.isEmpty()) {
            problems.add(Diagnostic.error(text.path(), 0, 0, forced.isPresent()
                    ? "no reader for format " + forced.get().id()
                    : "unknown format: not one of " + knownFormats() + " (force one with --format)"));
            return;
        }
        results.add(reader.get().read(text));
    }

    private String knownFormats() {
        return String.join(", ", registry.readers().stream().map(r -> r.format().id()).toList());
    }
}
