package org.topoplanner.app.desktop.dialogs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.importers.export.ExportFile;

/** Each file of a preview against a folder written before: new, unchanged, or changed with its diff. No toolkit. */
class ExportChangesTest {
    @Test
    void eachFileIsNewUnchangedOrChangedWithItsDiff(@TempDir Path folder) throws Exception {
        Files.createDirectories(folder.resolve("slurm"));
        Files.writeString(folder.resolve("slurm/gres.conf"), "NodeName=node01 Name=gpu Count=8\n");
        Files.writeString(folder.resolve("slurm/topology.conf"), "SwitchName=leaf1 Nodes=node[01-08]\n");
        List<ExportFile> files = List.of(
                new ExportFile("slurm/gres.conf", "NodeName=node01 Name=gpu Count=8\n", List.of()),
                new ExportFile("slurm/topology.conf", "SwitchName=leaf1 Nodes=node[01-04]\n", List.of()),
                new ExportFile("jobs/train.sbatch", "#!/bin/bash\n", List.of()));

        ExportChanges c = ExportChanges.against(folder, files);

        assertThat(c.of("slurm/gres.conf")).isInstanceOf(ExportChanges.Same.class);
        assertThat(c.of("jobs/train.sbatch")).isInstanceOf(ExportChanges.Added.class);
        assertThat(c.of("slurm/topology.conf")).isInstanceOf(ExportChanges.Changed.class);
        assertThat(c.of("slurm/topology.conf").text()).contains("-SwitchName=leaf1 Nodes=node[01-08]",
                "+SwitchName=leaf1 Nodes=node[01-04]");
        assertThat(c.changes().keySet()).containsExactly("slurm/gres.conf", "slurm/topology.conf", "jobs/train.sbatch");
    }
}
