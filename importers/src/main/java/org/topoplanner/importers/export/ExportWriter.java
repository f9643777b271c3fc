package org.topoplanner.importers.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.input.InputFile;
import org.topoplanner.model.diag.Severity;

/**
 * Writes a validated bundle into a folder, as one unit. Nothing is written when any file has an error,
 * nor when one has a warning or the export would overwrite or remove a file it does not own
 * ({@link BundleChanges}: edited by hand, or never written by TopoPlanner) and the user did not insist
 * ({@code force}). Then {@link BundleSwap} replaces the old bundle with the new one so that the folder
 * holds one or the other, complete, whatever happens; an export that a killed process left half swapped
 * is finished first. {@link Result#summary()} says in one sentence what was and was not written.
 */
public final class ExportWriter {
    /**
     * What happened.
     *
     * @param written   whether the folder now holds the new bundle
     * @param blocking  what stopped the export (validation findings, files it does not own, I/O errors)
     * @param files     the files put in place (new or replaced), absolute
     * @param removed   the files of the previous bundle removed because the new one no longer has them
     * @param unchanged the files that already held the new bytes, relative to the folder
     * @param handEdits files it does not own that it refused to touch, or (forced) touched anyway, with diffs
     * @param summary   one sentence: what was and was not written, and where the folder stands
     */
    public record Result(boolean written, List<Diagnostic> blocking, List<Path> files, List<String> removed,
                         List<String> unchanged, List<HandEdit> handEdits, String summary) {
        public Result {
            blocking = List.copyOf(blocking);
            files = List.copyOf(files);
            removed = List.copyOf(removed);
            unchanged = List.copyOf(unchanged);
            handEdits = List.copyOf(handEdits);
        }

        static Result refused(List<Diagnostic> blocking, List<HandEdit> handEdits, String summary) {
            return new Result(false, blocking, List.of(), List.of(), List.of(), handEdits, summary);
        }
    }

    private ExportWriter() {
    }

    public static Result write(Path dir, List<ExportFile> files, boolean force) {
        return write(dir, files, force, ExportDisk.LOCAL);
    }

    public static Result write(Path dir, List<ExportFile> files, boolean force, ExportDisk disk) {
        String unchanged = "nothing written; " + dir + " is as it was";
        List<Diagnostic> errors = new ArrayList<>();
        List<Diagnostic> warnings = new ArrayList<>();
        for (ExportFile f : files) {
            for (Diagnostic d : f.validation()) {
                if (d.isError()) {
                    errors.add(d);
                } else if (d.severity() == Severity.WARNING) {
                    warnings.add(d);
                }
            }
        }
        if (!errors.isEmpty()) {
            return Result.refused(errors, List.of(), unchanged + " (the export has " + errors.size() + " errors)");
        }
        if (!warnings.isEmpty() && !force) {
            return Result.refused(warnings, List.of(), unchanged + " (the export has " + warnings.size()
                    + " warnings; --force writes anyway)");
        }
        if (disk.exists(dir) && !disk.isDirectory(dir)) {
            return Result.refused(List.of(Diagnostic.error(dir.toString(), 1, 1, "not a folder")), List.of(), unchanged);
        }
        for (ExportFile f : files) {
            Path target = dir.resolve(f.relativePath()).normalize();
            if (!target.startsWith(dir.normalize())) {
                return Result.refused(List.of(Diagnostic.error(f.relativePath(), 1, 1, "resolves outside " + dir)),
                        List.of(), unchanged);
            }
        }
        if (files.stream().noneMatch(f -> f.relativePath().equals(ExportBundle.MANIFEST))) {
            // Without a manifest the next export could not tell these files from the user's: record them.
            List<ExportFile> listed = new ArrayList<>(files);
            listed.add(new ExportFile(ExportBundle.MANIFEST, ManifestWriter.write("(unnamed)", files, List.of(), null),
                    List.of()));
            files = listed;
        }
        BundleSwap swap = new BundleSwap(disk, dir);
        String recovered;
        try {
            recovered = swap.recover();
        } catch (IOException e) {
            return Result.refused(List.of(Diagnostic.error(dir.toString(), 1, 1, "cannot finish the export that was"
                    + " interrupted there: " + InputFile.reason(e))), List.of(), "nothing written; " + dir
                    + " still holds an interrupted export (journal in " + swap.staging() + ")");
        }
        String before = recovered == null ? "" : "first " + recovered + "; then ";
        BundleManifest previous;
        BundleChanges changes;
        BundleManifest manifest = files.stream().filter(f -> f.relativePath().equals(ExportBundle.MANIFEST))
                .findFirst().map(f -> BundleManifest.parse(f.text())).orElse(BundleManifest.NONE);
        try {
            Path old = dir.resolve(ExportBundle.MANIFEST);
            previous = disk.exists(old) ? BundleManifest.parse(new String(disk.read(old), StandardCharsets.UTF_8))
                    : BundleManifest.NONE;
            changes = BundleChanges.plan(disk, dir, files, previous, force);
        } catch (IOException e) {
            return Result.refused(List.of(Diagnostic.error(dir.toString(), 1, 1, "cannot read the folder: "
                    + InputFile.reason(e))), List.of(), before + unchanged);
        }
        if (!changes.conflicts().isEmpty() && !force) {
            List<Diagnostic> edits = changes.conflicts().stream().map(c -> Diagnostic.warning(
                    dir.resolve(c.path()).toString(), 1, 1, c.reason() + "; --force overwrites it")).toList();
            return Result.refused(edits, changes.conflicts(), before + unchanged + " (" + edits.size()
                    + " files there were not written by the previous export as they are now; --force replaces them)");
        }
        BundleSwap.Done done;
        try {
            done = swap.swap(changes, manifest);
        } catch (BundleSwap.Interrupted e) {
            String where = switch (e.left) {
                case OLD_BUNDLE -> "nothing written; " + dir + " still holds the previous bundle, complete";
                case NEW_BUNDLE -> "the new bundle is in place, complete";
                case HALF_SWAPPED -> "the bundle in " + dir + " is half replaced; the next export to it finishes the swap";
            };
            return new Result(e.left == BundleSwap.Left.NEW_BUNDLE, List.of(Diagnostic.error(dir.toString(), 1, 1,
                    "cannot write the bundle: " + InputFile.reason(e))), List.of(), List.of(), List.of(),
                    changes.conflicts(), before + where);
        }
        List<Path> put = done.put().stream().map(dir::resolve).toList();
        long fresh = changes.puts().stream().filter(p -> p.kind() == BundleChanges.Kind.NEW).count();
        StringBuilder s = new StringBuilder(before).append("wrote ").append(put.size()).append(" files to ")
                .append(dir).append(" (").append(fresh).append(" new, ").append(put.size() - fresh)
                .append(" replaced), ").append(changes.unchanged().size()).append(" already up to date");
        if (!done.removed().isEmpty()) {
            s.append(", removed ").append(done.removed().size()).append(" the bundle no longer has (")
                    .append(String.join(", ", done.removed())).append(')');
        }
        if (!changes.conflicts().isEmpty()) {
            s.append("; forced over ").append(changes.conflicts().size()).append(" files it did not own (")
                    .append(String.join(", ", changes.conflicts().stream().map(HandEdit::path).toList())).append(')');
        }
        return new Result(true, List.of(), put, done.removed(), changes.unchanged(), changes.conflicts(), s.toString());
    }
}
