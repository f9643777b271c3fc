package org.topoplanner.importers.export;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;

/**
 * Every file-system step a bundle swap takes, behind one interface so that tests can make any single
 * step fail ({@link BundleSwap} is tested by failing each of its steps in turn). {@link #LOCAL} is the
 * real file system: writes are forced to disk before they return, renames are atomic (same folder tree,
 * same file system), and folders are synced so a rename survives a power cut.
 */
public interface ExportDisk {
    boolean exists(Path p);

    boolean isDirectory(Path p);

    byte[] read(Path p) throws IOException;

    /** Creates {@code p} (which must not exist) with these bytes, forced to disk, mode 644 or 755. */
    void write(Path p, byte[] bytes, boolean executable) throws IOException;

    void createDirectories(Path dir) throws IOException;

    /** Renames {@code from} to {@code to} atomically, replacing a file at {@code to}. */
    void move(Path from, Path to) throws IOException;

    void delete(Path p) throws IOException;

    /** Deletes a folder and everything below it; nothing when it does not exist. */
    void deleteTree(Path dir) throws IOException;

    /** Deletes a folder when it is empty; true when it did. */
    boolean deleteIfEmpty(Path dir) throws IOException;

    /** Forces a folder's entries (renames, creations, deletions in it) to disk. */
    void sync(Path dir) throws IOException;

    ExportDisk LOCAL = new ExportDisk() {
        @Override
        public boolean exists(Path p) {
            return Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        }

        @Override
        public boolean isDirectory(Path p) {
            return Files.isDirectory(p);
        }

        @Override
        public byte[] read(Path p) throws IOException {
            return Files.readAllBytes(p);
        }

        @Override
        public void write(Path p, byte[] bytes, boolean executable) throws IOException {
            try (FileChannel ch = FileChannel.open(p, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                ch.force(true);
            }
            if (Files.getFileStore(p).supportsFileAttributeView(PosixFileAttributeView.class)) {
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(executable ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }

        @Override
        public void createDirectories(Path dir) throws IOException {
            Files.createDirectories(dir);
        }

        @Override
        public void move(Path from, Path to) throws IOException {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }

        @Override
        public void delete(Path p) throws IOException {
            Files.deleteIfExists(p);
        }

        @Override
        public void deleteTree(Path dir) throws IOException {
            if (!Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                return;
            }
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }

        @Override
        public boolean deleteIfEmpty(Path dir) throws IOException {
            if (!Files.isDirectory(dir)) {
                return false;
            }
            try (Stream<Path> s = Files.list(dir)) {
                if (s.findAny().isPresent()) {
                    return false;
                }
            }
            return Files.deleteIfExists(dir);
        }

        @Override
        public void sync(Path dir) throws IOException {
            // Linux lets a folder be opened for reading and fsync'ed; other systems may refuse, and there
            // a rename is as durable as the file system makes it anyway.
            try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
                ch.force(true);
            } catch (IOException e) {
                if (!System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("linux")) {
                    return;
                }
                throw e;
            }
        }
    };
}
