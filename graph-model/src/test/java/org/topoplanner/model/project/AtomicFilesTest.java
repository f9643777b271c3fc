package org.topoplanner.model.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @Test
    void writesWholeFilesReadableByOthersAndKeepsAnExistingMode(@TempDir Path dir) throws Exception {
        assumeTrue(Files.getFileStore(dir).supportsFileAttributeView(PosixFileAttributeView.class), "POSIX file system");
        Path conf = dir.resolve("topology.conf");
        AtomicFiles.writeString(conf, "SwitchName=leaf1 Nodes=node[01-08]\n");
        assertThat(Files.readString(conf)).isEqualTo("SwitchName=leaf1 Nodes=node[01-08]\n");
        // slurmctld reads it as another user: not the owner-only mode of a temporary file
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(conf))).isEqualTo("rw-r--r--");
        Files.setPosixFilePermissions(conf, PosixFilePermissions.fromString("rw-rw----"));
        AtomicFiles.writeString(conf, "SwitchName=leaf2 Nodes=node[09-16]\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(conf))).isEqualTo("rw-rw----");
        assertThat(Files.readString(conf)).startsWith("SwitchName=leaf2");
        try (var files = Files.list(dir)) {
            assertThat(files).as("no temporary file left").containsExactly(conf);
        }
    }
}
