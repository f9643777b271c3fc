package org.topoplanner.importers.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.model.project.ProjectDocument;

/** An export owns only what it wrote: stale files go, hand edits and the user's files stay unless forced. */
class BundleOwnershipTest {
    @Test
    void aDeletedJobsFilesAreRemovedOnTheNextExport(@TempDir Path dir) throws Exception {
        ProjectDocument full = ExportFixtures.example();
        assertThat(ExportWriter.write(dir, ExportBundle.build(full, ExportTarget.all()), false).written()).isTrue();
        ProjectDocument less = new ProjectDocument(full.cluster(),
                full.jobs().stream().filter(j -> !j.name().equals("pair")).toList(),
                full.placements().stream().filter(p -> !p.job().equals("pair")).toList(), full.view());
        List<ExportFile> second = ExportBundle.build(less, ExportTarget.all());
        ExportWriter.Result r = ExportWriter.write(dir, second, false);
        assertThat(r.written()).isTrue();
        assertThat(r.removed()).containsExactlyInAnyOrder("jobs/pair.sbatch", "k8s/jobs/pair.yaml",
                "k8s/jobs/pair.volcano.yaml");
        assertThat(r.summary()).contains("removed 3", "jobs/pair.sbatch");
        assertThat(dir.resolve("jobs/pair.sbatch")).doesNotExist();
        BundleOnDisk.assertOneWhole(dir, Map.of(), List.of(second));
    }

    @Test
    void aHandEditedFileIsKeptWithItsDiffUnlessForced(@TempDir Path dir) throws Exception {
        List<ExportFile> first = ExportBundle.build(ExportFixtures.example(), ExportTarget.all());
        ExportWriter.write(dir, first, false);
        Path topo = dir.resolve("slurm/topology.conf");
        String mine = Files.readString(topo).replace("SwitchName=leaf1", "SwitchName=leafA");
        Files.writeString(topo, mine);
        List<ExportFile> second = ExportBundle.build(ExportFixtures.exampleWithBlocks(), ExportTarget.all());
        ExportWriter.Result refused = ExportWriter.write(dir, second, false);
        assertThat(refused.written()).isFalse();
        assertThat(refused.handEdits()).singleElement().satisfies(h -> {
            assertThat(h.path()).isEqualTo("slurm/topology.conf");
            assertThat(h.reason()).contains("edited by hand");
            assertThat(h.diff()).contains("--- a/slurm/topology.conf", "-SwitchName=leafA", "+SwitchName=leaf1");
        });
        assertThat(refused.summary()).startsWith("nothing written");
        assertThat(Files.readString(topo)).isEqualTo(mine);
        assertThat(dir.resolve("slurm/topology-block.conf")).doesNotExist();
        ExportWriter.Result forced = ExportWriter.write(dir, second, true);
        assertThat(forced.written()).isTrue();
        assertThat(forced.summary()).contains("forced over 1", "slurm/topology.conf");
        BundleOnDisk.assertOneWhole(dir, Map.of(), List.of(second));
    }

    @Test
    void aStaleHandEditedFileBlocksToo(@TempDir Path dir) throws Exception {
        ProjectDocument full = ExportFixtures.example();
        ExportWriter.write(dir, ExportBundle.build(full, ExportTarget.all()), false);
        Files.writeString(dir.resolve("jobs/pair.sbatch"), "#!/bin/bash\n# my own version\n");
        ProjectDocument less = new ProjectDocument(full.cluster(),
                full.jobs().stream().filter(j -> !j.name().equals("pair")).toList(),
                full.placements().stream().filter(p -> !p.job().equals("pair")).toList(), full.view());
        ExportWriter.Result r = ExportWriter.write(dir, ExportBundle.build(less, ExportTarget.all()), false);
        assertThat(r.written()).isFalse();
        assertThat(r.handEdits()).extracting(HandEdit::path).containsExactly("jobs/pair.sbatch");
        assertThat(r.handEdits().get(0).diff()).contains("-# my own version");
        assertThat(dir.resolve("k8s/jobs/pair.yaml")).exists();
    }

    @Test
    void filesItNeverWroteAreNeverDeletedAndOverwrittenOnlyWhenForced(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("slurm"));
        Files.writeString(dir.resolve("slurm/slurm.conf"), "ClusterName=mine\n");
        Files.writeString(dir.resolve("slurm/gres.conf"), "NodeName=x Name=gpu File=/dev/nvidia0\n");
        List<ExportFile> bundle = ExportBundle.build(ExportFixtures.example(), ExportTarget.all());
        ExportWriter.Result r = ExportWriter.write(dir, bundle, false);
        assertThat(r.written()).isFalse();
        assertThat(r.handEdits()).extracting(HandEdit::path).containsExactly("slurm/gres.conf");
        assertThat(r.handEdits().get(0).reason()).contains("not written by TopoPlanner");
        assertThat(ExportWriter.write(dir, bundle, true).written()).isTrue();
        ExportWriter.Result again = ExportWriter.write(dir, ExportBundle.build(ExportFixtures.rail(), ExportTarget.all()),
                false);
        assertThat(again.written()).isTrue();
        assertThat(Files.readString(dir.resolve("slurm/slurm.conf"))).isEqualTo("ClusterName=mine\n");
        BundleOnDisk.assertOneWhole(dir, Map.of("slurm/slurm.conf", "ClusterName=mine\n"),
                List.of(ExportBundle.build(ExportFixtures.rail(), ExportTarget.all())));
    }

    @Test
    void anUnchangedExportChangesNothing(@TempDir Path dir) throws Exception {
        List<ExportFile> bundle = ExportBundle.build(ExportFixtures.example(), ExportTarget.all());
        ExportWriter.write(dir, bundle, false);
        ExportWriter.Result r = ExportWriter.write(dir, bundle, false);
        assertThat(r.written()).isTrue();
        assertThat(r.unchanged()).hasSize(bundle.size() - 1);
        assertThat(r.removed()).isEmpty();
    }
}
