package org.topoplanner.model.project;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes files so that a reader never sees half a file and a crash never destroys the old one:
 * the text goes to a temporary file in the same folder, is forced to disk, then renamed over the
 * target. The file keeps the permissions of the one it replaces; a new file gets {@code rw-r--r--}, as
 * an editor with the usual umask would make it, not the owner-only mode of a temporary file: exported
 * {@code topology.conf} and {@code gres.conf} are read by slurmctld and slurmd, which run as other users.
 */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    public static void writeString(Path target, String text) throws IOException {
        Path abs = target.toAbsolutePath();
        Path tmp = temporaryBeside(abs);
        try {
            try (var ch = java.nio.channels.FileChannel.open(tmp, java.nio.file.StandardOpenOption.WRITE,
                    java.nio.file.StandardOpenOption.TRUNCATE_EXISTING)) {
                ch.write(StandardCharsets.UTF_8.encode(text));
            }
            replace(tmp, abs);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * A new empty temporary file in {@code target}'s folder (made if missing), for a caller that streams
     * a long text into it and then calls {@link #replace}; the caller deletes it if it never gets there.
     */
    public static Path temporaryBeside(Path target) throws IOException {
        Path abs = target.toAbsolutePath();
        Files.createDirectories(abs.getParent());
        return Files.createTempFile(abs.getParent(), "." + abs.getFileName() + ".", ".tmp");
    }

    /** Forces {@code tmp} (written and closed) to disk and renames it over {@code target}, with its permissions. */
    public static void replace(Path tmp, Path target) throws IOException {
        Path abs = target.toAbsolutePath();
        try (var ch = java.nio.channels.FileChannel.open(tmp, java.nio.file.StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        setPermissions(tmp, abs);
        try {
            Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void setPermissions(Path tmp, Path target) throws IOException {
        if (!Files.getFileStore(tmp).supportsFileAttributeView(java.nio.file.attribute.PosixFileAttributeView.class)) {
            return;
        }
        java.util.Set<java.nio.file.attribute.PosixFilePermission> mode = Files.exists(target)
                ? Files.getPosixFilePermissions(target)
                : java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--");
        Files.setPosixFilePermissions(tmp, mode);
    }
}
