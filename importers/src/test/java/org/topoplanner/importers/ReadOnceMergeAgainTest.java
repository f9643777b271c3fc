package org.topoplanner.importers;

import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.pipeline.ImportOutcome;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.importers.merge.MergeChoices;
import org.topoplanner.importers.merge.NodeInsideConflict;
import org.topoplanner.importers.merge.SourceConflict;

/**
 * The window reads an import's files once and merges them again for each answer to a conflict:
 * the second merge must not look at the files, and must give what a fresh import with that choice
 * would.
 */
class ReadOnceMergeAgainTest {
    @TempDir
    Path dir;

    private List<Path> files() throws Exception {
        Path slurm = dir.resolve("slurm.conf");
        Path smi = dir.resolve("topo.txt");
        Files.writeString(slurm, TestSamples.load("merge/slurm-a100n-4gpu.conf").text());
        Files.writeString(smi, TestSamples.load("nvidia-smi/a100-sxm4-epyc7742-nps4-10nic.txt").text());
        return List.of(slurm, smi);
    }

    @Test
    void aSecondMergeWithAChoiceUsesWhatWasReadEvenWhenTheFilesAreGone() throws Exception {
        ClusterImport importer = ClusterImport.standard();
        List<Path> files = files();
        ReadSources read = importer.read(files, Optional.empty(), ClusterImport.Progress.NONE);
        ImportOutcome byRank = importer.merge(read, MergeChoices.none());
        assertThat(byRank).isEqualTo(importer.importFiles(files, Optional.empty()));
        assertThat(byRank.cluster().gpuCount()).isEqualTo(16);
        SourceConflict inside = byRank.conflicts().stream().filter(NodeInsideConflict.class::isInstance)
                .findFirst().orElseThrow();

        for (Path f : files) {
            Files.delete(f);
        }
        ImportOutcome chosen = importer.merge(read, MergeChoices.none().with(inside.key(), files.get(0).toString()));
        assertThat(chosen.cluster().gpuCount()).isEqualTo(8);
        assertThat(chosen.hasErrors()).as("no file was read again").isFalse();
        assertThat(chosen.conflicts()).singleElement().satisfies(c -> assertThat(c.chosen())
                .isEqualTo(files.get(0).toString()));
    }

    @Test
    void aCancelledReadMergesToNothing() throws Exception {
        ClusterImport importer = ClusterImport.standard();
        ReadSources read = importer.read(files(), Optional.empty(), (done, total, file) -> false);
        assertThat(read.cancelled()).isTrue();
        ImportOutcome o = importer.merge(read, MergeChoices.none());
        assertThat(o.cluster()).isNull();
        assertThat(o.diagnostics()).singleElement().satisfies(d -> assertThat(d.message())
                .isEqualTo("import cancelled; nothing was changed"));
    }
}
