package org.topoplanner.importers.export;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The real file system, except that the {@code failAt}-th step that reads or changes it (1-based) throws
 * as a full disk or a denied permission would; {@code failAt = 0} counts steps without failing.
 */
final class FailingDisk implements ExportDisk {
    private final int failAt;
    int steps;
    String failed;

    FailingDisk(int failAt) {
        this.failAt = failAt;
    }

    private void step(String what, Path p) throws IOException {
        steps++;
        if (steps == failAt) {
            failed = what + " " + p;
            throw new IOException("injected failure: " + what + " " + p + ": No space left on device");
        }
    }

    @Override
    public boolean exists(Path p) {
        return LOCAL.exists(p);
    }

    @Override
    public boolean isDirectory(Path p) {
        return LOCAL.isDirectory(p);
    }

    @Override
    public byte[] read(Path p) throws IOException {
        step("read", p);
        return LOCAL.read(p);
    }

    @Override
    public void write(Path p, byte[] bytes, boolean executable) throws IOException {
        step("write", p);
        LOCAL.write(p, bytes, executable);
    }

    @Override
    public void createDirectories(Path dir) throws IOException {
        step("mkdir", dir);
        LOCAL.createDirectories(dir);
    }

    @Override
    public void move(Path from, Path to) throws IOException {
        step("rename", from);
        LOCAL.move(from, to);
    }

    @Override
    public void delete(Path p) throws IOException {
        step("delete", p);
        LOCAL.delete(p);
    }

    @Override
    public void deleteTree(Path dir) throws IOException {
        step("delete tree", dir);
        LOCAL.deleteTree(dir);
    }

    @Override
    public boolean deleteIfEmpty(Path dir) throws IOException {
        step("rmdir", dir);
        return LOCAL.deleteIfEmpty(dir);
    }

    @Override
    public void sync(Path dir) throws IOException {
        step("sync", dir);
        LOCAL.sync(dir);
    }
}
