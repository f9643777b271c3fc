package org.topoplanner.importers.pipeline;

import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.ReadSources;
import org.topoplanner.importers.InputSizes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.topoplanner.importers.inspect.InspectSource;
import org.topoplanner.importers.lldp.LldpSources;
import org.topoplanner.importers.merge.ClusterMerger;
import org.topoplanner.importers.merge.MergeChoices;
import org.topoplanner.importers.merge.MergedCluster;
import org.topoplanner.importers.slurm.SlurmClusterFolderReader;
import org.topoplanner.importers.slurm.TopologyConfReader;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.diag.DiagnosticCap;
import org.topoplanner.model.input.InputFile;
import org.topoplanner.model.input.InputLimits;
import org.topoplanner.model.input.InputRefusal;

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
    private final InputLimits limits;

    public ClusterImport(FormatRegistry registry, PartCombiner combiner) {
        this(registry, combiner, InputLimits.DEFAULT);
    }

    public ClusterImport(FormatRegistry registry, PartCombiner combiner, InputLimits limits) {
        this.registry = registry;
        this.combiner = combiner;
        this.limits = limits;
    }

    public static ClusterImport standard() {
        return standard(InputLimits.DEFAULT);
    }

    /** The shipped readers and merge, reading files within {@code limits}. */
    public static ClusterImport standard(InputLimits limits) {
        return new ClusterImport(FormatRegistry.standard(), PartCombiner.standard(), limits);
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
                problems.add(Diagnostic.info(p.toString(), 1, 1, "import cancelled; nothing was changed"));
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
        ImportOutcome combined = combiner.combine(LldpSources.joined(read.results()), choices);
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
        readOne(p, forced, results, problems, false);
    }

    /**
     * {@code inFolder}: the file was found in a folder being read, not named; an empty one there (an
     * export leaves one where there is nothing to say) is an info, while a named empty file is an error.
     */
    private void readOne(Path p, Optional<Format> forced, List<ImportResult> results, List<Diagnostic> problems,
                         boolean inFolder) {
        if (Files.isDirectory(p)) {
            if (SlurmClusterFolderReader.looksLikeSlurmFolder(p)) {
                results.add(located(capped(bounded(new SlurmClusterFolderReader(new TopologyConfReader(), limits).read(p)))));
            } else {
                readFolder(p, forced, results, problems, 0);
            }
            return;
        }
        // The type and size are checked before the file is opened; only the head is read to learn the
        // format, and the rest only when the size is within that format's limit.
        try {
            InputFile file = InputFile.open(p);
            if (file.size() > limits.largest()) {
                // over every format's limit: refused on its size alone, before a byte is read
                file.text(limits.largest(), "any input format");
            }
            Optional<FormatReader> reader;
            if (forced.isPresent()) {
                reader = registry.reader(forced.get());
            } else {
                SourceText head = new SourceText(p.toString(), file.head(InputLimits.HEAD));
                if (isBlank(head) && file.size() <= InputLimits.HEAD) {
                    problems.add(inFolder ? Diagnostic.info(p.toString(), 1, 1, "an empty file in the folder: nothing to read")
                            : emptyFile(head));
                    return;
                }
                reader = registry.detect(head);
                if (reader.isEmpty()) {
                    problems.add(unknownFormat(head));
                    return;
                }
            }
            if (reader.isEmpty()) {
                problems.add(Diagnostic.error(p.toString(), 1, 1, "no reader for format " + forced.get().id()));
                return;
            }
            Format format = reader.get().format();
            SourceText text = new SourceText(p.toString(),
                    file.text(InputSizes.limit(limits, format), InputSizes.kind(format)));
            readWith(reader.get(), text, results, problems);
        } catch (InputRefusal r) {
            problems.add(r.toDiagnostic());
        }
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
            problems.add(Diagnostic.error(folder.toString(), 1, 1, "cannot list the folder: " + InputFile.reason(e)));
            return;
        }
        if (entries.isEmpty()) {
            problems.add(Diagnostic.error(folder.toString(), 1, 1, "an empty folder: nothing to read"));
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
                readOne(e, forced, results, problems, true);
            }
        }
    }

    private void readText(SourceText text, Optional<Format> forced, List<ImportResult> results,
                          List<Diagnostic> problems) {
        Optional<FormatReader> reader = forced.isPresent() ? registry.reader(forced.get()) : registry.detect(text);
        if (reader.isEmpty()) {
            problems.add(forced.isPresent()
                    ? Diagnostic.error(text.path(), 1, 1, "no reader for format " + forced.get().id())
                    : isBlank(text) ? emptyFile(text) : unknownFormat(text));
            return;
        }
        readWith(reader.get(), text, results, problems);
    }

    /** Every reader gives the same verdict on an empty file: it describes nothing, which is an error. */
    private void readWith(FormatReader reader, SourceText text, List<ImportResult> results, List<Diagnostic> problems) {
        if (isBlank(text)) {
            problems.add(emptyFile(text));
            return;
        }
        results.add(located(capped(bounded(reader.read(text)))));
    }

    /**
     * A node of more than {@link InputLimits#GPUS_PER_NODE} GPUs (a repeated gres.conf line, a
     * mistyped label) is no machine: it is an error and its inside is left out, whatever reader
     * built it, so that no policy enumerates its GPUs.
     */
    private static ImportResult bounded(ImportResult r) {
        List<String> huge = r.part().nodes().entrySet().stream()
                .filter(e -> e.getValue().gpus().size() > InputLimits.GPUS_PER_NODE).map(java.util.Map.Entry::getKey).toList();
        if (huge.isEmpty()) {
            return r;
        }
        java.util.Map<String, org.topoplanner.model.node.NodeTopology> nodes = new java.util.LinkedHashMap<>(r.part().nodes());
        List<Diagnostic> diagnostics = new ArrayList<>(r.diagnostics());
        for (String host : huge) {
            diagnostics.add(Diagnostic.error(r.source().path(), 0, 0, "host " + host + " has " + nodes.get(host).gpus().size()
                    + " GPUs; a node holds at most " + InputLimits.GPUS_PER_NODE + ", so its inside is left out"));
            nodes.remove(host);
        }
        ClusterPart p = r.part();
        return new ImportResult(r.source(), r.format(), new ClusterPart(p.fabric(), nodes, p.hosts(), p.slurm(),
                p.kubernetes(), p.unnamedHost(), p.nvlink()), diagnostics);
    }

    private static ImportResult capped(ImportResult r) {
        List<Diagnostic> kept = DiagnosticCap.cap(r.diagnostics());
        return kept == r.diagnostics() ? r : new ImportResult(r.source(), r.format(), r.part(), kept);
    }

    /**
     * A reader's error about the whole file ("no Node found", line 0) is placed where the reader
     * began to look, the file's first non-blank character, so that every error of an import has a
     * line and column an editor can jump to. Readers added later get this too.
     */
    private static ImportResult located(ImportResult r) {
        if (r.diagnostics().stream().noneMatch(d -> d.isError() && d.line() == 0 && d.path().equals(r.source().path()))) {
            return r;
        }
        int[] at = firstContent(r.source().text());
        List<Diagnostic> out = r.diagnostics().stream()
                .map(d -> d.isError() && d.line() == 0 && d.path().equals(r.source().path())
                        ? new Diagnostic(d.severity(), d.path(), at[0], at[1], d.message()) : d)
                .toList();
        return new ImportResult(r.source(), r.format(), r.part(), out);
    }

    private static boolean isBlank(SourceText text) {
        return text.text().isBlank();
    }

    private static Diagnostic emptyFile(SourceText text) {
        return Diagnostic.error(text.path(), 1, 1, text.text().isEmpty() ? "empty file: it describes nothing"
                : "the file holds only blank space: it describes nothing");
    }

    /** Unknown format, with the reader that came closest when one recognised anything at all. */
    private Diagnostic unknownFormat(SourceText text) {
        Optional<FormatRegistry.Guess> guess = registry.closest(text);
        String closest = guess.map(g -> "; closest: " + g.reader().format().id() + " (" + g.score()
                + "% sure; if it is that, force it with --format " + g.reader().format().id() + ")").orElse("");
        int[] at = firstContent(text.text());
        return Diagnostic.error(text.path(), at[0], at[1], "unknown format: not one of " + knownFormats()
                + closest + (guess.isEmpty() ? " (force one with --format)" : "")
                + (looksBinary(text.text()) ? "; the file looks binary" : ""));
    }

    /** Line and column of the first character that is not blank, where a reader would have looked first. */
    private static int[] firstContent(String text) {
        int line = 1;
        int col = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
                col = 1;
            } else if (Character.isWhitespace(c)) {
                col++;
            } else {
                return new int[] {line, col};
            }
        }
        return new int[] {1, 1};
    }

    private static boolean looksBinary(String text) {
        int n = Math.min(text.length(), 4096);
        int control = 0;
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c < 0x20 && c != '\n' && c != '\r' && c != '\t') {
                control++;
            }
        }
        return control * 20 > n;
    }

    private String knownFormats() {
        return String.join(", ", registry.readers().stream().map(r -> r.format().id()).toList());
    }
}
