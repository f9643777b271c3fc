package org.topoplanner.importers.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.model.diag.Diagnostic;

/** Writing a bundle: all or nothing, warnings only on request, old files kept until the new ones are good. */
class ExportWriterTest {
    static final ExportFile GOOD = new ExportFile("slurm/topology.conf", "SwitchName=leaf1 Nodes=n[1-2]\n", List.of());
    static final ExportFile WARNED = new ExportFile("k8s/hypernodes.yaml", "new\n",
            List.of(Diagnostic.warning("k8s/hypernodes.yaml", 0, 0, "lossy")));
    static final ExportFile BROKEN = new ExportFile("slurm/gres.conf", "new\n",
            List.of(Diagnostic.error("slurm/gres.conf", 1, 1, "INVAL")));

    @Test
    void writesEveryFileWhenAllIsClean(@TempDir Path dir) throws Exception {
        ExportWriter.Result r = ExportWriter.write(dir, List.of(GOOD), false);
        assertThat(r.written()).isTrue();
        assertThat(Files.readString(dir.resolve("slurm/topology.conf"))).isEqualTo(GOOD.text());
        try (var s = Files.list(dir.resolve("slurm"))) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("topology.conf");
        }
    }

    @Test
    void anErrorWritesNothingAndKeepsTheOldExport(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("slurm"));
        Files.writeString(dir.resolve("slurm/topology.conf"), "old\n");
        ExportWriter.Result r = ExportWriter.write(dir, List.of(GOOD, BROKEN), true);
        assertThat(r.written()).isFalse();
        assertThat(r.blocking()).containsExactly(BROKEN.validation().get(0));
        assertThat(Files.readString(dir.resolve("slurm/topology.conf"))).isEqualTo("old\n");
        assertThat(dir.resolve("slurm/gres.conf")).doesNotExist();
    }

    @Test
    void aWarningBlocksUnlessForced(@TempDir Path dir) throws Exception {
        ExportWriter.Result refused = ExportWriter.write(dir, List.of(GOOD, WARNED), false);
        assertThat(refused.written()).isFalse();
        assertThat(refused.blocking()).containsExactly(WARNED.validation().get(0));
        assertThat(dir.resolve("slurm/topology.conf")).doesNotExist();
        ExportWriter.Result forced = ExportWriter.write(dir, List.of(GOOD, WARNED), true);
        assertThat(forced.written()).isTrue();
        assertThat(Files.readString(dir.resolve("k8s/hypernodes.yaml"))).isEqualTo("new\n");
    }

    @Test
    void refusesAFileInPlaceOfTheFolder(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("out"), "x");
        assertThat(ExportWriter.write(file, List.of(GOOD), false).written()).isFalse();
    }

    @Test
    void writesTheExampleBundleWithItsManifest(@TempDir Path dir) throws Exception {
        List<ExportFile> files = ExportBundle.build(ExportFixtures.example(), ExportTarget.all());
        assertThat(ExportWriter.write(dir, files, false).written()).isTrue();
        String manifest = Files.readString(dir.resolve(ExportBundle.MANIFEST));
        assertThat(manifest.lines().filter(l -> !l.startsWith("#") && !l.startsWith(" "))).hasSize(files.size())
                .allMatch(l -> l.startsWith("ok       "));
        assertThat(dir.resolve("jobs/half-a.sbatch")).isExecutable();
    }

    @Test
    void targetsChooseTheParts() {
        List<String> slurmOnly = ExportBundle.build(ExportFixtures.example(), java.util.EnumSet.of(ExportTarget.SLURM,
                ExportTarget.JOBS)).stream().map(ExportFile::relativePath).toList();
        assertThat(slurmOnly).contains("slurm/gres.conf", "jobs/pair.sbatch", ExportBundle.MANIFEST)
                .noneMatch(p -> p.startsWith("k8s/"));
        List<String> k8sOnly = ExportBundle.build(ExportFixtures.example(), java.util.EnumSet.of(ExportTarget.K8S))
                .stream().map(ExportFile::relativePath).toList();
        assertThat(k8sOnly).contains("k8s/kubelet-config.yaml").noneMatch(p -> p.startsWith("slurm/") || p.contains("jobs/"));
    }
}
