package org.topoplanner.importers.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Replaces a bundle in its folder as one unit: the folder holds the old bundle or the new one, complete,
 * whatever happens (an I/O error, a full disk, SIGKILL or a power cut at any instant).
 *
 * <h2>Why a journal and not a folder rename or a symlink flip</h2>
 * Linux renames one file or one folder atomically, but cannot exchange a folder's contents: renaming the
 * whole output folder aside and a staged one in would also carry away the files of the user's own that
 * share it ({@code slurm/slurm.conf} next to our {@code slurm/topology.conf}, which we must never
 * delete), and there is an instant between the two renames with no folder at all. A symlink flip has the
 * same flaw (the folder would have to be ours alone) and makes {@code slurm/topology.conf} a link into a
 * generation folder, which Slurm's {@code include} and configuration management tools handle badly. So the
 * swap works file by file and makes the sequence atomic with a journal (write-ahead, redo):
 * <ol>
 *   <li>Every file that changes is written to the sibling staging folder
 *       {@code .<folder>.topoplanner-export/new/} (same file system, so renames work; outside the bundle,
 *       so no temporary file ever sits in a configuration folder), forced to disk, read back and checked
 *       against the new manifest's sizes and SHA-256. Any failure here leaves the bundle untouched.</li>
 *   <li>The list of renames and removals is written to {@code JOURNAL.part}, forced, and renamed to
 *       {@code JOURNAL}: the commit point.</li>
 *   <li>Each old file is renamed into {@code old/} and the new one renamed into place, removals are
 *       renamed into {@code old/}, and {@code MANIFEST.txt} comes last. Each rename is atomic.</li>
 *   <li>The folders are synced, {@code JOURNAL} is deleted, then the staging folder.</li>
 * </ol>
 * An error in step 3 undoes the renames from {@code old/} (the old bundle is back, and said so). A process
 * killed in step 3 leaves the journal, and the next export (any export to that folder, before it looks at
 * the folder) finishes the swap from it: {@link #recover} redoes each rename whose source is still staged
 * and each removal, which is idempotent, so a kill during recovery is recovered the same way. A staging
 * folder without {@code JOURNAL} is an export that never committed: it is deleted and the bundle was never
 * touched.
 */
final class BundleSwap {
    static final String JOURNAL = "JOURNAL";
    private static final String HEADER = "topoplanner-export-journal 1";

    /** What a swap did: files put in place (new or replaced) and removed, relative to the bundle folder. */
    record Done(List<String> put, List<String> removed) {
    }

    /** Where an interrupted swap left the folder. */
    enum Left {
        /** The old bundle, complete: nothing of the new one is in place. */
        OLD_BUNDLE,
        /** The new bundle, complete; only cleaning up the staging folder failed (the next export does it). */
        NEW_BUNDLE,
        /** Partly swapped, with the journal kept: the next export to the folder finishes the swap. */
        HALF_SWAPPED
    }

    /** The swap could not finish; {@code left} says what the folder holds. */
    static final class Interrupted extends IOException {
        final Left left;

        Interrupted(String message, IOException cause, Left left) {
            super(message, cause);
            this.left = left;
        }
    }

    private record Step(boolean put, String path) {
    }

    private final ExportDisk disk;
    private final Path dir;
    private final Path staging;

    BundleSwap(ExportDisk disk, Path dir) {
        this.disk = disk;
        Path abs = dir.toAbsolutePath().normalize();
        try {
            // A folder reached through a symlink: stage next to the real folder, on its file system.
            abs = java.nio.file.Files.isDirectory(abs) ? abs.toRealPath() : abs;
        } catch (IOException e) {
            // Unreadable path: keep it as given; the first step will report it.
        }
        this.dir = abs;
        Path parent = this.dir.getParent();
        if (parent == null) {
            throw new IllegalArgumentException("cannot export into the root folder");
        }
        this.staging = parent.resolve("." + this.dir.getFileName() + ".topoplanner-export");
    }

    Path staging() {
        return staging;
    }

    /**
     * Finishes or discards a swap a killed process left behind. Returns what it did in a sentence, or
     * {@code null} when there was nothing to do.
     */
    String recover() throws IOException {
        if (!disk.exists(staging)) {
            return null;
        }
        Path journal = staging.resolve(JOURNAL);
        if (!disk.exists(journal)) {
            disk.deleteTree(staging);
            return "discarded an export that was interrupted before it changed anything (" + staging + ")";
        }
        List<Step> steps = parse(new String(disk.read(journal), StandardCharsets.UTF_8));
        if (steps == null) {
            throw new IOException(journal + " is not a complete export journal; the bundle in " + dir
                    + " may be half replaced: check it against its MANIFEST.txt and delete " + staging);
        }
        for (Step s : steps) {
            Path target = dir.resolve(s.path());
            if (s.put()) {
                Path staged = staging.resolve("new").resolve(s.path());
                if (disk.exists(staged)) {
                    disk.createDirectories(target.getParent());
                    disk.move(staged, target);
                }
            } else if (disk.exists(target)) {
                disk.delete(target);
            }
        }
        finish(steps);
        return "finished an export that was interrupted while it swapped the bundle in (" + steps.size()
                + " files)";
    }

    /** Stages, checks, commits and swaps in the changes; {@code manifest} is the new bundle's manifest. */
    Done swap(BundleChanges changes, BundleManifest manifest) throws Interrupted {
        Path fresh = staging.resolve("new");
        List<Step> steps = new ArrayList<>();
        try {
            stage(changes, manifest, fresh);
            List<BundleChanges.Put> puts = changes.puts();
            for (int i = 0; i < puts.size() - 1; i++) {
                steps.add(new Step(true, puts.get(i).path()));
            }
            changes.removals().forEach(r -> steps.add(new Step(false, r)));
            if (!puts.isEmpty()) {
                steps.add(new Step(true, puts.get(puts.size() - 1).path()));
            }
            commit(steps);
        } catch (IOException e) {
            try {
                disk.deleteTree(staging);
            } catch (IOException again) {
                e.addSuppressed(again);
            }
            throw new Interrupted(String.valueOf(e.getMessage()), e, Left.OLD_BUNDLE);
        }
        List<Path> created = new ArrayList<>();
        int done = 0;
        try {
            for (Step s : steps) {
                Path target = dir.resolve(s.path());
                Path aside = staging.resolve("old").resolve(s.path());
                if (s.put()) {
                    createFolders(target.getParent(), created);
                    if (disk.exists(target)) {
                        disk.createDirectories(aside.getParent());
                        disk.move(target, aside);
                    }
                    disk.move(fresh.resolve(s.path()), target);
                } else {
                    disk.createDirectories(aside.getParent());
                    disk.move(target, aside);
                }
                done++;
            }
        } catch (IOException e) {
            throw rollBack(steps, Math.min(done + 1, steps.size()), created, e);
        }
        try {
            finish(steps);
        } catch (IOException e) {
            throw new Interrupted("the new bundle is in place but the staging folder " + staging
                    + " could not be cleaned up (" + e.getMessage() + "); the next export removes it", e, Left.NEW_BUNDLE);
        }
        List<String> put = steps.stream().filter(Step::put).map(Step::path).toList();
        List<String> removed = steps.stream().filter(s -> !s.put()).map(Step::path).toList();
        return new Done(put, removed);
    }

    private void stage(BundleChanges changes, BundleManifest manifest, Path fresh) throws IOException {
        disk.deleteTree(staging);
        disk.createDirectories(fresh);
        Set<Path> folders = new LinkedHashSet<>();
        for (BundleChanges.Put p : changes.puts()) {
            Path staged = fresh.resolve(p.path());
            disk.createDirectories(staged.getParent());
            disk.write(staged, p.bytes(), p.executable());
            folders.add(staged.getParent());
        }
        for (Path f : folders) {
            disk.sync(f);
        }
        check(changes, manifest, fresh);
    }

    /** Every staged file and every file kept as it is holds exactly the bytes the new manifest records. */
    private void check(BundleChanges changes, BundleManifest manifest, Path fresh) throws IOException {
        for (BundleChanges.Put p : changes.puts()) {
            byte[] back = disk.read(fresh.resolve(p.path()));
            if (!java.util.Arrays.equals(back, p.bytes())) {
                throw new IOException("staged " + p.path() + " reads back " + back.length + " bytes, not the "
                        + p.bytes().length + " written (disk full?)");
            }
            BundleManifest.Entry e = manifest.entries().get(p.path());
            if (!p.path().equals(ExportBundle.MANIFEST) && (e == null || !e.matches(back))) {
                throw new IOException("staged " + p.path() + " does not match the new MANIFEST.txt");
            }
        }
        for (String path : changes.unchanged()) {
            BundleManifest.Entry e = manifest.entries().get(path);
            if (e == null || !e.matches(disk.read(dir.resolve(path)))) {
                throw new IOException(dir.resolve(path) + " changed while the export ran");
            }
        }
    }

    private void commit(List<Step> steps) throws IOException {
        StringBuilder b = new StringBuilder(HEADER).append('\n');
        steps.forEach(s -> b.append(s.put() ? "put " : "remove ").append(s.path()).append('\n'));
        b.append("commit\n");
        Path part = staging.resolve(JOURNAL + ".part");
        disk.write(part, b.toString().getBytes(StandardCharsets.UTF_8), false);
        disk.move(part, staging.resolve(JOURNAL));
        disk.sync(staging);
    }

    private static List<Step> parse(String journal) {
        List<String> lines = journal.lines().toList();
        if (lines.size() < 2 || !lines.get(0).equals(HEADER) || !lines.get(lines.size() - 1).equals("commit")) {
            return null;
        }
        List<Step> steps = new ArrayList<>();
        for (String l : lines.subList(1, lines.size() - 1)) {
            if (l.startsWith("put ")) {
                steps.add(new Step(true, l.substring(4)));
            } else if (l.startsWith("remove ")) {
                steps.add(new Step(false, l.substring(7)));
            } else {
                return null;
            }
            String p = steps.get(steps.size() - 1).path();
            if (p.isEmpty() || p.startsWith("/") || p.contains("..")) {
                return null;
            }
        }
        return steps;
    }

    /** Makes the swap durable, then forgets it: sync, journal gone, staging gone, emptied folders gone. */
    private void finish(List<Step> steps) throws IOException {
        Set<Path> folders = new LinkedHashSet<>();
        steps.forEach(s -> folders.add(dir.resolve(s.path()).getParent()));
        for (Path f : folders) {
            if (disk.exists(f)) {
                disk.sync(f);
            }
        }
        disk.delete(staging.resolve(JOURNAL));
        disk.sync(staging);
        disk.deleteTree(staging);
        for (Step s : steps) {
            if (!s.put()) {
                for (Path f = dir.resolve(s.path()).getParent(); f != null && f.startsWith(dir) && !f.equals(dir);
                     f = f.getParent()) {
                    if (!disk.deleteIfEmpty(f)) {
                        break;
                    }
                }
            }
        }
    }

    private void createFolders(Path folder, List<Path> created) throws IOException {
        List<Path> missing = new ArrayList<>();
        for (Path f = folder; f != null && !disk.exists(f); f = f.getParent()) {
            missing.add(0, f);
        }
        disk.createDirectories(folder);
        created.addAll(missing);
    }

    /** Undoes the first {@code count} steps, newest first; the journal goes only when all were undone. */
    private Interrupted rollBack(List<Step> steps, int count, List<Path> created, IOException cause) {
        try {
            for (int i = count - 1; i >= 0; i--) {
                Step s = steps.get(i);
                Path target = dir.resolve(s.path());
                Path staged = staging.resolve("new").resolve(s.path());
                Path aside = staging.resolve("old").resolve(s.path());
                if (s.put() && !disk.exists(staged) && disk.exists(target)) {
                    disk.move(target, staged);
                }
                if (disk.exists(aside)) {
                    disk.move(aside, target);
                }
            }
            for (int i = created.size() - 1; i >= 0; i--) {
                disk.deleteIfEmpty(created.get(i));
            }
            disk.delete(staging.resolve(JOURNAL));
            disk.sync(staging);
        } catch (IOException again) {
            cause.addSuppressed(again);
            return new Interrupted("the bundle in " + dir + " is half replaced and could not be put back ("
                    + again.getMessage() + "); the next export to it finishes the swap from " + staging, cause,
                    Left.HALF_SWAPPED);
        }
        try {
            disk.deleteTree(staging);
        } catch (IOException ignored) {
            // The journal is gone, so the next export simply discards what is left of the staging folder.
        }
        return new Interrupted(String.valueOf(cause.getMessage()), cause, Left.OLD_BUNDLE);
    }
}
