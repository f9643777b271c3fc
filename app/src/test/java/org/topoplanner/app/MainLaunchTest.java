package org.topoplanner.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code topoplanner FILE...} opens the window on the files; a subcommand or an option runs headless. */
class MainLaunchTest {
    @TempDir
    Path dir;

    @Test
    void existingFilesAndFoldersOpenTheWindow() throws Exception {
        Path a = Files.writeString(dir.resolve("fabric.ibnetdiscover"), "vendid=0x2c9\n");
        Path b = Files.createDirectories(dir.resolve("slurm"));
        assertThat(Main.opensWindow(new String[] {a.toString()})).isTrue();
        assertThat(Main.opensWindow(new String[] {a.toString(), b.toString()})).isTrue();
    }

    @Test
    void subcommandsOptionsAndMissingFilesRunTheCommandLine() throws Exception {
        Path a = Files.writeString(dir.resolve("fabric.ibnetdiscover"), "vendid=0x2c9\n");
        assertThat(Main.opensWindow(new String[] {"inspect", a.toString()})).isFalse();
        assertThat(Main.opensWindow(new String[] {a.toString(), "--json"})).isFalse();
        assertThat(Main.opensWindow(new String[] {a.toString(), dir.resolve("missing").toString()})).isFalse();
        assertThat(Main.opensWindow(new String[] {})).isFalse();
    }
}
