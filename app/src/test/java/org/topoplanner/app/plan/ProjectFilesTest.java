package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.resources.ShippedData;

class ProjectFilesTest {
    @TempDir
    Path dir;

    @Test
    void aProjectIsToldByItsContentAndEverythingElseIsASource() throws Exception {
        Path project = dir.resolve("named-anything.json");
        new ProjectSession(dir.resolve("home")).saveAs(Plan.of(ShippedData.exampleCluster()).toDocument(), project);
        Path ibnet = Path.of(getClass().getResource("/inputs/example-32.ibnetdiscover").toURI());
        Path fakeName = dir.resolve("not-really.topoplanner.json");
        Files.writeString(fakeName, "{\"this\": \"is not a project\"}");
        Path folder = Files.createDirectories(dir.resolve("slurm"));

        ProjectFiles sorted = ProjectFiles.sort(List.of(project, ibnet, fakeName, folder));

        assertThat(sorted.projects()).containsExactly(project);
        assertThat(sorted.sources()).containsExactly(ibnet, fakeName, folder);
    }
}
