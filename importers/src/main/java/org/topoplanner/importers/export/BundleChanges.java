package org.topoplanner.importers.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What writing a bundle over a folder changes, decided from the previous {@code MANIFEST.txt} so that the
 * export owns only what it wrote:
 * <ul>
 *   <li>a new file that is absent, or present with the bytes the previous manifest recorded, is written;
 *       one already holding the new bytes is left alone;</li>
 *   <li>a file the previous manifest listed and the new bundle does not is removed when it still holds the
 *       recorded bytes;</li>
 *   <li>a file whose bytes differ from the recorded ones (edited by hand), or that no manifest listed (not
 *       ours), is a {@link HandEdit} with its diff: the export is refused unless forced. Forced, such a file
 *       is overwritten, and a stale hand-edited one removed; a file no manifest listed is never removed.</li>
 * </ul>
 */
record BundleChanges(List<Put> puts, List<String> removals, List<String> unchanged, List<HandEdit> conflicts) {
    enum Kind { NEW, REPLACE }

    record Put(String path, byte[] bytes, boolean executable, Kind kind) {
    }

    BundleChanges {
        puts = List.copyOf(puts);
        removals = List.copyOf(removals);
        unchanged = List.copyOf(unchanged);
        conflicts = List.copyOf(conflicts);
    }

    static BundleChanges plan(ExportDisk disk, Path dir, List<ExportFile> files, BundleManifest previous,
                              boolean force) throws IOException {
        List<Put> puts = new ArrayList<>();
        List<String> removals = new ArrayList<>();
        List<String> unchanged = new ArrayList<>();
        List<HandEdit> conflicts = new ArrayList<>();
        Set<String> now = new HashSet<>();
        ExportFile manifest = null;
        for (ExportFile f : files) {
            now.add(f.relativePath());
            if (f.relativePath().equals(ExportBundle.MANIFEST)) {
                manifest = f;
                continue;
            }
            byte[] bytes = BundleManifest.bytes(f.text());
            boolean exec = executable(f.relativePath());
            Path target = dir.resolve(f.relativePath());
            if (!disk.exists(target)) {
                puts.add(new Put(f.relativePath(), bytes, exec, Kind.NEW));
                continue;
            }
            if (disk.isDirectory(target)) {
                throw new IOException(target + " is a folder where the bundle has a file");
            }
            byte[] onDisk = disk.read(target);
            if (java.util.Arrays.equals(onDisk, bytes)) {
                unchanged.add(f.relativePath());
                continue;
            }
            BundleManifest.Entry was = previous.entries().get(f.relativePath());
            if (was == null || !was.matches(onDisk)) {
                conflicts.add(new HandEdit(f.relativePath(), was == null
                        ? "exists but no previous MANIFEST.txt lists it (not written by TopoPlanner)"
                        : was.sha256() == null ? "the previous MANIFEST.txt records no digest for it"
                        : "differs from what the previous export wrote (edited by hand?)",
                        LineDiff.unified("a/" + f.relativePath() + " (on disk)", text(onDisk),
                                "b/" + f.relativePath() + " (this export)", f.text())));
                if (!force) {
                    continue;
                }
            }
            puts.add(new Put(f.relativePath(), bytes, exec, Kind.REPLACE));
        }
        for (BundleManifest.Entry e : previous.entries().values()) {
            if (now.contains(e.path()) || !insideBundle(e.path())) {
                continue;
            }
            Path target = dir.resolve(e.path());
            if (!disk.exists(target) || disk.isDirectory(target)) {
                continue;
            }
            byte[] onDisk = disk.read(target);
            if (!e.matches(onDisk)) {
                conflicts.add(new HandEdit(e.path(), "is no longer part of the bundle but differs from what the"
                        + " previous export wrote (edited by hand?)", LineDiff.unified("a/" + e.path() + " (on disk)",
                        text(onDisk), "/dev/null (this export removes it)", "")));
                if (!force) {
                    continue;
                }
            }
            removals.add(e.path());
        }
        if (manifest != null) {
            // Last, so that until the very end of a swap the folder's manifest is the old bundle's.
            puts.add(new Put(manifest.relativePath(), BundleManifest.bytes(manifest.text()), false,
                    disk.exists(dir.resolve(manifest.relativePath())) ? Kind.REPLACE : Kind.NEW));
        }
        return new BundleChanges(puts, removals, unchanged, conflicts);
    }

    static boolean executable(String path) {
        return path.endsWith(".sh") || path.endsWith(".sbatch");
    }

    /** A manifest path we would act on: relative, no {@code ..}; anything else in a manifest is ignored. */
    private static boolean insideBundle(String path) {
        return !path.isEmpty() && !path.startsWith("/") && !path.contains("..") && !path.contains("\\");
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
